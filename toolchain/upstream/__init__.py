"""Upstream's action-list data (tools/actionlist/original: act.yaml, act-frame.yaml, extra.yaml and the
v5-/v6-/v7- editions) read into this project's definitions, and written back in upstream's shape.

Upstream spells things its own way (`actTime: クイック`, `format: lite,std`, `actKey: ♡A〜10 を 2枚`,
`-1.` for a nested item); every word of a vocabulary is looked up in the target edition's rules.yaml
and formats.yaml, so this package names no trigger, category, format or frame of any edition."""
