"""VerCors's PVL, the part this front end reads or names when it refuses, as a lark LALR
grammar written from VerCors's LangPVLParser.g4 / LangPVLLexer.g4 (utwente-fmt/vercors):
the same operators at the same precedence, the same statements.  Constructs that parse
here but have no counterpart in the kernel language (fields, `invariant` blocks, sequences,
...) are refused by the mapping at their place, naming them; what does not parse is a
syntax error."""
from __future__ import annotations

import functools

from lark import Lark, Tree

GRAMMAR = r"""
start: decl*

?decl: class_decl | method

class_decl: contract "class" NAME "{" member* "}"
?member: method | field
field: contract type NAME ("," NAME)* ";"

method: contract modifier* type NAME "(" [params] ")" method_body
modifier: PURE | STATIC | INLINE | THREAD_LOCAL
PURE.2: /(?:pure)(?![A-Za-z_0-9$])/
STATIC.2: /(?:static)(?![A-Za-z_0-9$])/
INLINE.2: /(?:inline)(?![A-Za-z_0-9$])/
THREAD_LOCAL.2: /(?:thread_local)(?![A-Za-z_0-9$])/
?method_body: ";"            -> no_body
            | block
            | "=" expr ";"   -> expr_body
params: param ("," param)*
param: type NAME

contract: clause*
clause: CLAUSE expr ";"
      | GIVEN type NAME ";"        -> ghost_param
      | YIELDS type NAME ";"       -> ghost_param
      | DECREASES [expr ("," expr)*] ";"  -> decreases
CLAUSE.2: /(?:context_everywhere|kernel_invariant|loop_invariant|lock_invariant|requires|ensures|context)(?![A-Za-z_0-9$])/
GIVEN.2: /(?:given)(?![A-Za-z_0-9$])/
YIELDS.2: /(?:yields)(?![A-Za-z_0-9$])/
DECREASES.2: /(?:decreases)(?![A-Za-z_0-9$])/

type: base_type dim*
?base_type: INT | BOOLEAN | VOID | RESOURCE | FRAC | ZFRAC | RATIONAL
          | SEQ "<" type ">"            -> seq_type
          | NAME                         -> class_type
INT.2: /(?:int)(?![A-Za-z_0-9$])/
BOOLEAN.2: /(?:boolean)(?![A-Za-z_0-9$])/
VOID.2: /(?:void)(?![A-Za-z_0-9$])/
RESOURCE.2: /(?:resource)(?![A-Za-z_0-9$])/
FRAC.2: /(?:frac)(?![A-Za-z_0-9$])/
ZFRAC.2: /(?:zfrac)(?![A-Za-z_0-9$])/
RATIONAL.2: /(?:rational)(?![A-Za-z_0-9$])/
SEQ.2: /(?:seq|set|bag)(?![A-Za-z_0-9$])/
dim: "[" [expr] "]"

block: "{" stmt* "}"
?stmt: block
     | "return" [expr] ";"                                   -> return_stmt
     | "if" "(" expr ")" stmt ["else" stmt]                 -> if_stmt
     | "barrier" "(" NAME [barrier_tags] ")" barrier_body -> barrier
     | par_region
     | "invariant" NAME "(" expr ")" block                  -> invariant_block
     | "atomic" "(" NAME ("," NAME)* ")" block              -> atomic_block
     | loop_contract "while" "(" expr ")" stmt              -> while_stmt
     | loop_contract "for" "(" [for_init] ";" [expr] ";" [for_update] ")" stmt -> for_stmt
     | "assert" expr ";"                                    -> assert_stmt
     | "assume" expr ";"                                    -> assume_stmt
     | SPEC_STMT expr ";"                                   -> spec_stmt
     | LOCKING expr ";"                                     -> spec_stmt
     | simple ";"
SPEC_STMT.2: /(?:witness|inhale|exhale|unfold|refute|fold)(?![A-Za-z_0-9$])/
LOCKING.2: /(?:unlock|notify|lock|wait|fork|join)(?![A-Za-z_0-9$])/
loop_contract: clause*
for_init: simple ("," simple)*
for_update: simple ("," simple)*
barrier_tags: ";" NAME ("," NAME)*
?barrier_body: "{" clause* "}"          -> barrier_contract
             | clause+ block            -> barrier_hint
?simple: local_type NAME ["=" expr] ("," NAME ["=" expr])*  -> local
       | NAME "++"                        -> incr
       | NAME "--"                        -> decr
       | expr "=" expr                    -> assign
       | expr                             -> eval
local_type: (INT | BOOLEAN | SEQ "<" type ">") dim*

?par_region: "parallel" "{" par_region* "}"  -> parallel
           | "sequential" "{" par_region* "}" -> sequential
           | "par" [NAME] [par_iters] contract stmt -> par
par_iters: "(" iter ("," iter)* ")"
iter: type NAME "=" expr ".." expr

?expr: ite
?ite: imp "?" imp ":" ite  -> conditional
    | imp
?imp: or_ IMP imp  -> binary
    | or_
IMP: "==>" | "-*"
?or_: or_ OR and_  -> binary
    | and_
OR: "||"
?and_: and_ AND eq -> binary
     | eq
AND: "&&" | "**"
?eq: eq EQ rel -> binary
   | rel
EQ: "==" | "!="
?rel: rel REL add -> binary
    | add
REL: "<=" | ">=" | "<" | ">"
?add: add ADD mul -> binary
    | mul
ADD: "+" | "-"
?mul: mul MUL unary -> binary
    | unary
MUL: "*" | "/" | "%" | "\\"
?unary: NOT unary -> unary
      | MINUS unary -> unary
      | new
NOT: "!"
MINUS: "-"
?new: "new" (INT | BOOLEAN) ("[" expr "]")+  -> new_array
    | postfix
?postfix: postfix "." NAME                  -> field_access
        | postfix "." NAME "(" [args] ")"   -> method_call
        | postfix "[" expr "]"              -> index
        | atom
?atom: NUMBER                                 -> number
     | TRUE                                   -> true
     | FALSE                                  -> false
     | NULL                                   -> null
     | THIS                                   -> this
     | READ                                   -> read
     | WRITE                                  -> write
     | NONE                                   -> none
     | RESULT                                 -> result
     | NAME                                   -> name
     | NAME "(" [args] ")" [given_args]        -> call
     | PERM "(" expr "," expr ")"              -> perm
     | OLD "(" expr ")"                       -> old
     | BUILTIN "(" [args] ")"                 -> builtin
     | BUILTIN                                -> builtin_name
     | "(" expr ")"
     | "(" QUANT binder ("," binder)* ";" expr [";" expr] ")" -> quantifier
     | "(" LET type NAME "=" expr ";" expr ")" -> let
     | "|" expr "|"                           -> length
     | "[" [args] "]"                         -> seq_literal
given_args: GIVEN "{" [NAME "=" expr ("," NAME "=" expr)*] "}"
args: expr ("," expr)*
binder: type NAME ["=" expr ".." expr]
TRUE.2: /(?:true)(?![A-Za-z_0-9$])/
FALSE.2: /(?:false)(?![A-Za-z_0-9$])/
NULL.2: /(?:null)(?![A-Za-z_0-9$])/
THIS.2: /(?:this)(?![A-Za-z_0-9$])/
READ.2: /(?:read)(?![A-Za-z_0-9$])/
WRITE.2: /(?:write)(?![A-Za-z_0-9$])/
NONE.2: /(?:none)(?![A-Za-z_0-9$])/
RESULT.2: /(?:\\result)(?![A-Za-z_0-9$])/
PERM.2: /(?:Perm)(?![A-Za-z_0-9$])/
OLD.2: /(?:\\old)(?![A-Za-z_0-9$])/
LET.2: /(?:\\let)(?![A-Za-z_0-9$])/
QUANT.2: /(?:\\forall\*|\\forall|\\exists|\\sum)/
BUILTIN: /\\[A-Za-z_][A-Za-z_0-9]*/

NAME: /[A-Za-z_$][A-Za-z_0-9$]*/
NUMBER: /[0-9]+/
COMMENT: /\/\/[^\n]*/ | /\/\*(.|\n)*?\*\//
%import common.WS
%ignore WS
%ignore COMMENT
"""


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def conjuncts(t) -> list:
    """The parts of a clause joined at its top by `&&` or `**`, which separate the same
    way in a clause."""
    if isinstance(t, Tree) and t.data == "binary" and str(t.children[1]) in ("&&", "**"):
        return conjuncts(t.children[0]) + conjuncts(t.children[2])
    return [t]
