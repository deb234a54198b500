"""The film scenarios' special rules, a module for each scenario's own (rulebook, "Film
Scenarios"): each a `SpecialRule` (`rules.stawka.film_rule`), built on the Stawka actions,
listed together in `rules.stawka.film.rules`, and asked by the flow through
`rules.stawka.film_hooks`."""
