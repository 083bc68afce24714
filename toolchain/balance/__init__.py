"""`bp balance`: the balance of the rules measured by self-play, for one revision or two compared.

    subjects.py   what a restricted agent is forbidden in a regulation (actions, trumps, characters), or why not
    stats.py      Wilson's and Newcombe's intervals, and the games an effect needs (Bonferroni within a regulation)
    work.py       batches of seeded games, played here, on worker processes or on a Dask cluster (the same records)
    run.py        the plan (sized by the statistics), the timed first games, the run
    totals.py     what the games add up to, per regulation
    report.py     the JSON document (schema/balance.schema.json) and the terminal's summary
    reading_effects.py  which readings change games (--readings): the same seeds under each other way of reading
    html.py       the report's page, drawn by the renderer toolchain.balancepage (which bp build uses for a stored run)

It sits above the simulator (its one door, toolchain.sim), the checks (the rules loaded), `bp diff`'s revisions
(read from git into a temporary tree) and the site's safe outputs; `bp build` links the report it writes.
"""
