"""The ``aos`` command line: create, inspect, play and verify game records (see ``aos --help``)."""
