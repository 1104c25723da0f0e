#!/bin/sh
# tables/generate.sh -- make the shipped reference tables: one command per
# file, each written atomically with -o.  Usage: generate.sh DIR RISKODDS
# (`make tables` runs it into tables/; tests/tables.test into a scratch
# directory, and fails when a shipped file differs).  tables/README lists
# the same commands.
set -e
cd "$1"
R=$2

$R table --format csv --digits 50 --attackers 1..30 --defenders 1..30 -o standard-territory.csv
$R table --format csv --digits 50 --count attackers --attackers 1..30 --defenders 1..30 -o standard-attackers.csv
$R table --format markdown --digits 4 --attackers 1..30 --defenders 1..30 -o standard-territory.md
$R round --format csv -o round-standard.csv
$R table --format csv --digits 50 --ties attacker --attackers 1..30 --defenders 1..30 -o ties-attacker.csv
$R round --format csv --ties attacker -o round-ties-attacker.csv
$R table --format csv --digits 50 --defend-dice 3 --attackers 1..30 --defenders 1..30 -o defend-dice-3.csv
$R round --format csv --defend-dice 3 -o round-defend-dice-3.csv
$R table --format csv --digits 50 --attack-bonus 1 --attackers 1..30 --defenders 1..30 -o attack-bonus-1.csv
$R table --format csv --digits 50 --defend-bonus 1 --attackers 1..30 --defenders 1..30 -o defend-bonus-1.csv
$R table --format csv --digits 50 --attack-bonus 1 --defend-bonus 2 --attackers 1..30 --defenders 1..30 -o bonus-1-2.csv
$R round --format csv --attack-bonus 1 -o round-attack-bonus-1.csv
$R table --format csv --digits 50 --sides 8 --attackers 1..30 --defenders 1..30 -o sides-8.csv
$R table --format csv --digits 50 --defender wieringa --attackers 1..30 --defenders 1..30 -o defender-wieringa.csv
$R round --format csv --defender wieringa -o round-defender-wieringa.csv
$R table --format csv --digits 50 --defender optimal --attackers 1..30 --defenders 1..30 -o defender-optimal.csv
