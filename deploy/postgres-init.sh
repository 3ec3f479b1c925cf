#!/bin/sh
# The postgres image runs this once, on an empty data directory: Portico's role and
# database, and Temporal's role, which creates its two databases itself (portico
# temporal-setup schema), as scripts/cluster.sh sets them up.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
CREATE ROLE portico LOGIN PASSWORD '$PORTICO_DB_PASSWORD';
CREATE DATABASE portico OWNER portico;
CREATE ROLE temporal LOGIN CREATEDB PASSWORD '$TEMPORAL_DB_PASSWORD';
SQL
