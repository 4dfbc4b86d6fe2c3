# Shared by every ruleset's order grammar (each @includes it): fillers, numbers, unit words, lists,
# punctuation, places, and the order words every ruleset shares (at the end). Places and nations
# are not spelt out here: src/orders/tokens.ts has already turned the words naming them into %name
# tokens (or %unknown ones), so one compiled grammar serves every map. Rule names in CAPITALS are word classes; src/orders/expectations.ts says them in plain words.

@{%
import { lexer } from '@grammar-kit/token-stream.ts';
import * as g from '@grammar-kit/grammar-helpers.ts';
%}
# "@grammar-kit/" is src/orders (the lexer and draft builders): scripts/build-grammar.ts writes the
# path from each compiled grammar instead. Included files are compiled on their own by nearleyc, so
# the lexer is named here too.
@lexer lexer

# Words that carry no meaning in an order ("please", "my", "the"...). tokens.ts drops them (and
# colons) before parsing, after names are found, so "The Wash" stays a name; the rules below need
# not allow for them between every two words.
FILLER -> "my" | "the" | "please" | "pls" | "plz" | "kindly" | "our" | "its" | "his" | "i" | "we"
  | "will" | "shall" | "should" | "must" | "can" | "want" | "wish" | "would" | "like" | "let"
  | "order" | "orders" | "unit" | "units" | "also" | "now" | "just" | "position" | "that" | "this" | "is" | "are"
  | "new" | "have" | "has" | "got" | "currently" | "stationed" | "i'd" | "i'll" | "we'd" | "we'll" | "i'm" | "you"
  | %colon

# Numbers, in figures or words.
NUMBER -> %number {% ([t]) => t.number %} | NUMBER_WORD {% id %}
NUMBER_WORD -> "one" {% () => 1 %} | "two" {% () => 2 %} | "three" {% () => 3 %} | "four" {% () => 4 %}
  | "five" {% () => 5 %} | "six" {% () => 6 %} | "seven" {% () => 7 %} | "eight" {% () => 8 %}
  | "nine" {% () => 9 %} | "ten" {% () => 10 %} | "eleven" {% () => 11 %} | "twelve" {% () => 12 %}
  | "thirteen" {% () => 13 %} | "fourteen" {% () => 14 %} | "fifteen" {% () => 15 %} | "sixteen" {% () => 16 %}
  | "seventeen" {% () => 17 %} | "eighteen" {% () => 18 %} | "nineteen" {% () => 19 %} | "twenty" {% () => 20 %}

# Unit words. UNIT_WORD also says whether the word was plural ("armies"): a stack of them all.
UNIT_TYPE -> ARMY {% () => 'army' %} | FLEET {% () => 'fleet' %}
UNIT_WORD -> ARMY {% ([w]) => g.unitWord('army', w) %} | FLEET {% ([w]) => g.unitWord('fleet', w) %}
ARMY -> "a" | "army" | "armies" | "troop" | "troops" | "infantry" | "a" %dot
FLEET -> "f" | "fleet" | "fleets" | "navy" | "ship" | "ships" | "boat" | "boats" | "f" %dot

# Between two orders on one line.
SEP -> %semi | %comma | %dot | AND | %comma AND | %semi AND
AND -> "and" | "then" | "plus"

# Small words that say where and whither.
ARROW -> %dash | %arrow
AT -> "in" | "at" | "on" | "from"
TO -> "to" | "into" | "towards" | "toward" | "onto"
WITH -> "with" | "using" | "by"

# A place, with its coast when a fleet's route needs one: "spa/nc", "Spain (north coast)", "stp sc",
# "Spain, north coast".
PLACE -> NAMED {% ([n]) => g.place(n) %} | NAMED COAST {% ([n, c]) => g.place(n, c) %}
  | NAMED %comma DIRECTION "coast" {% ([n, , c]) => g.place(n, c) %}
NAMED -> %name {% id %} | %unknown {% id %}
COAST -> %slash COAST_INSIDE {% ([, c]) => c %} | %lparen COAST_INSIDE %rparen {% ([, c]) => c %}
  | COAST_CODE {% id %} | DIRECTION "coast" {% id %}
COAST_INSIDE -> COAST_CODE {% id %} | COAST_LETTER {% id %} | DIRECTION {% id %} | DIRECTION "coast" {% id %}
  | COAST_LETTER %dot "c" %dot:? {% id %}
COAST_CODE -> "nc" {% () => 'nc' %} | "sc" {% () => 'sc' %} | "ec" {% () => 'ec' %} | "wc" {% () => 'wc' %}
COAST_LETTER -> "n" {% () => 'nc' %} | "s" {% () => 'sc' %} | "e" {% () => 'ec' %} | "w" {% () => 'wc' %}
DIRECTION -> "north" {% () => 'nc' %} | "south" {% () => 'sc' %} | "east" {% () => 'ec' %} | "west" {% () => 'wc' %}

# Order words that mean the same in every ruleset, so a new ruleset reads them from its first day.
# A ruleset that has the order adds its own words by defining the rule again in its grammar (nearley
# joins the alternatives): "attack" is a move in board NES but a stance towards a nation in
# industrial, and "s" is warfare's support but industrial's sail, so such words stay with their
# ruleset. A class a ruleset never uses is not part of its language (src/orders/vocabulary.ts).
MOVE_VERB -> "m" | "move" | "moves" | "moving" | "go" | "goes" | "march" | "marches" | "marching"
  | "advance" | "advances" | "proceed" | "proceeds"
HOLD_VERB -> "h" | "hold" | "holds" | "holding" | "stand" | "stands" | "stay" | "stays" | "remain" | "remains"
SUPPORT_VERB -> "support" | "supports" | "supporting"
DISBAND_VERB -> "disband" | "disbands" | "disbanded" | "dismiss" | "dismisses" | "scrap" | "scraps"

# How many: "2", "two", "all", "both"; "all three armies" says the number.
COUNT -> NUMBER {% id %} | ALL {% () => 'all' %} | "both" {% () => 2 %} | ALL NUMBER {% ([, n]) => n %}
ALL -> "all" | "every" | "everything" | "everyone"
ARTICLE -> "a" | "an"
# Items of a list: "York, Wales and London".
LIST_SEP -> %comma | AND | %comma AND
# A nation, by any of its names (tokens.ts found them: "France", "the French", "France's").
NATION -> NAMED {% ([n]) => g.nation(n) %}
# Before a move's destination, when the verb came first: "move A Par to Bur".
GO_TO -> TO | ARROW
