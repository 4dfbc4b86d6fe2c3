# The claims fixture's orders: "claim Northvale", "claim nor and mid", "take Southvale".
# The smallest order language a ruleset can have (docs/rulesets.md walks through it).
@preprocessor typescript
@lexer lexer
@include "../../../grammar/base.ne"

LINE -> ORDERS {% id %}
ORDERS -> ORDER {% id %} | ORDERS SEP ORDER {% ([a, , b]) => g.join(a, b) %}
ORDER -> CLAIM_VERB PLACE {% ([, p], at) => g.plain(at, 'claim', { province: p }) %}
CLAIM_VERB -> "claim" | "claims" | "take" | "takes"
