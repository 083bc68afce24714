"""`bp play`: the playtest table, a local web page on which a person plays the working tree's rules."""
