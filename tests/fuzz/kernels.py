"""Small annotated GPU kernels for the differential test (issue 10).

`kernels()` is a hypothesis strategy of PVL source texts.  Every text is one of the
common GPU patterns in `PATTERNS`: elementwise (one or several groups, in place, with a
broadcast cell), guarded elementwise (`if (tid < n)`), grid-stride loop, neighbour
exchange through a barrier in global memory (seed Fig. 8) and in local memory, tiled
copy through local memory, tree reduction in local memory, one leader per group writing
out[gid] after reading its tile, a leader filling a local table, smoothing rounds (two
barriers in a loop), helper procedures (swap, add), one thread looping over an array,
Euclidean division, break/continue/return around barriers in a loop, one phase of
odd-even transposition sort (resources that depend on lid's parity, optionally kept in
a non-uniform variable, optionally swapped by a helper), a barrier under a group-uniform
condition, a three-point stencil, and explicit kernel/group contracts.  Each is written
out with correct annotations and then mutated at a few named *knobs*: indices (off by
one, lid vs tid, wrong modulus), permission shares (write / read / 1\\2), fences (local /
global / none), barriers (dropped, moved, without contract, under a non-uniform
condition), guards (leader vs every thread, non-uniform loop bounds, jumps), values and
contracts.

How a kernel is drawn:

* a pattern is picked;
* the pattern names its knobs; 0, 1 or 2 of them are chosen to be mutated (no mutation
  in about 40-50% of the kernels).  A knob that is not mutated takes its correct value; a
  mutated knob takes one of its alternatives.  Some alternatives are harmless (for
  example `lid` for `tid` when the kernel assumes `ngroups == 1`, or a `read` share
  where `1\\2` would do), so a mutated kernel may still verify: that is intended, they
  are the interesting ones for the differential test;
* *variations* (constants, the `ngroups == 1` assumption, optional extra arrays, fences
  that do not matter) are drawn freely and are meant to keep the kernel correct.

The first line of every text is a comment that says what was drawn:

    // fuzz: pattern=NAME mutations=KNOB:VALUE,... variations=NAME:VALUE,...

(`describe(text)` parses it back).  Only features that examples/ use appear here.
Shrinking goes towards pattern 0, no mutation, first variation.
"""
from __future__ import annotations

import re
from string import Template

from hypothesis import strategies as st

# How many knobs to mutate: 0 (45%), 1 (35%) or 2 (20%).
MUTATION_COUNTS = (0,) * 9 + (1,) * 7 + (2,) * 4


class Picker:
    """The choices of one kernel: which knobs are mutated, and to what; the variations."""

    def __init__(self, draw, pattern: str, knobs: list[str]):
        self.draw = draw
        self.pattern = pattern
        self.knobs = knobs
        self.mutated: set[str] = set()
        if knobs:
            count = min(MUTATION_COUNTS[draw(st.integers(0, len(MUTATION_COUNTS) - 1))], len(knobs))
            self.mutated = set(draw(st.permutations(knobs))[:count])
        self.mutations: list[str] = []
        self.variations: list[str] = []

    def knob(self, name: str, correct, *wrong):
        """`correct` unless this knob was chosen to be mutated; then one of `wrong`.
        Values may be strings or (label, value) pairs."""
        assert name in self.knobs, name
        if name not in self.mutated or not wrong:
            return _value(correct)
        choice = self.draw(st.sampled_from(wrong))
        self.mutations.append(f"{name}:{_label(choice)}")
        return _value(choice)

    def vary(self, name: str, *options):
        """A variation that keeps the kernel correct (the first option is the plain one)."""
        choice = self.draw(st.sampled_from(options))
        if len(options) > 1:
            self.variations.append(f"{name}:{_label(choice)}")
        return _value(choice)

    def flag(self, name: str) -> bool:
        return self.vary(name, ("no", False), ("yes", True))

    def header(self) -> str:
        return (f"// fuzz: pattern={self.pattern} mutations={','.join(self.mutations) or '-'} "
                f"variations={','.join(self.variations) or '-'}")


def _value(choice):
    return choice[1] if isinstance(choice, tuple) else choice


def _label(choice) -> str:
    text = choice[0] if isinstance(choice, tuple) else str(choice)
    return re.sub(r"\s+", "", text).replace(",", ";") or "''"


def describe(text: str) -> dict[str, object]:
    """The pattern, mutations and variations that the first line of a generated text names."""
    m = re.match(r"// fuzz: pattern=(\S+) mutations=(\S+) variations=(\S+)", text)
    if not m:
        return {"pattern": "?", "mutations": [], "variations": []}
    split = lambda s: [] if s == "-" else s.split(",")
    return {"pattern": m.group(1), "mutations": split(m.group(2)), "variations": split(m.group(3))}


def _render(p: Picker, template: str, **values) -> str:
    body = Template(template).substitute(values)
    # Lines that became empty (an optional clause that is absent) are dropped.
    lines = [line for line in body.splitlines() if line.strip() != "@"]
    return p.header() + "\n" + "\n".join(lines).strip("\n") + "\n"


def _opt(cond: bool, line: str) -> str:
    """An optional line of a template: `@` marks a line that is left out."""
    return line if cond else "@"


FENCES_WRONG_FOR_GLOBAL = [("local", "local"), ("none", "")]
FENCES_WRONG_FOR_LOCAL = [("global", "global"), ("none", "")]


# --------------------------------------------------------------------------------------
# 1. elementwise, one or several groups

def elementwise(draw) -> str:
    p = Picker(draw, "elementwise", ["out-index", "write-index", "read-index", "out-share",
                                      "post", "bcast-share"])
    one_group = p.flag("one-group")
    inplace = p.flag("inplace")
    bcast = p.flag("broadcast") or "bcast-share" in p.mutated
    op = p.vary("op", "+", "-", "*")
    k = p.vary("k", "1", "2", "7")
    share_in = p.vary("in-share", "read", "1\\2", "write")
    out = p.vary("out", "tid", "(tid + 1) % tcount", "tcount - 1 - tid", "lid * ngroups + gid") if not inplace else "tid"
    out = p.knob("out-index", out, "lid", "tid + 1", "tid / 2", "gid", "(tid + 1) % gsize", "lid + gid * (gsize - 1)",
                 "lid * gsize + gid")
    write = p.knob("write-index", out, "tid + 1", "(tid + 1) % tcount", "lid")
    rd = p.knob("read-index", "tid", "tid + 1", "lid", "(tid + 1) % tcount")
    share_out = p.knob("out-share", "write", "read", "1\\2")
    bshare = p.knob("bcast-share", "read", "1\\2", "write")
    extra = " + off[0]" if bcast else ""
    ctx = _opt(one_group, "  context_everywhere ngroups == 1;")
    boff = _opt(bcast, "  global int[1] off;")
    roff = _opt(bcast, f"  context  Perm(off[0], {bshare});")
    if inplace:
        post_ok = f"\\old(a[tid]) {op} {k}{extra}"
        post = p.knob("post", post_ok, ("no-old", f"a[tid] {op} {k}{extra}"), ("plus-one", f"{post_ok} + 1"))
        return _render(p, r"""
kernel scale {
  global int[tcount] a;
$boff
$ctx

$roff
  requires Perm(a[$out], $share_out);
  ensures  Perm(a[$out], $share_out) ** a[$out] == $post;
  void main() {
    a[$write] = a[$rd] $op $k$extra;
  }
}
""", boff=boff, ctx=ctx, roff=roff, out=out, share_out=share_out, post=post, write=write, rd=rd, op=op,
                       k=k, extra=extra)
    post_ok = f"a[tid] {op} b[tid]{extra}"
    post = p.knob("post", post_ok, ("swapped", f"b[tid] {op} a[tid]{extra}" if op == "-" else f"a[tid] {op} b[tid] + 1{extra}"),
                  ("old-out", f"\\old(c[{out}])"), ("wrong-op", f"a[tid] {'+' if op != '+' else '-'} b[tid]{extra}"))
    return _render(p, r"""
kernel add {
  global int[tcount] a;
  global int[tcount] b;
  global int[tcount] c;
$boff
$ctx

$roff
  context  Perm(a[tid], $share_in) ** Perm(b[tid], $share_in);
  requires Perm(c[$out], $share_out);
  ensures  Perm(c[$out], $share_out) ** c[$out] == $post;
  void main() {
    c[$write] = a[$rd] $op b[tid]$extra;
  }
}
""", boff=boff, ctx=ctx, roff=roff, share_in=share_in, out=out, share_out=share_out, post=post, write=write,
                   rd=rd, op=op, extra=extra)


# --------------------------------------------------------------------------------------
# 2. guarded elementwise: if (tid < n) as in CUDA

def guarded(draw) -> str:
    p = Picker(draw, "guarded", ["guard", "contract-guard", "len", "value", "context"])
    k = p.vary("k", "2", "3")
    guard = p.knob("guard", "tid < n", "tid <= n", "lid < n", "tid < n - 1", "tid > 0")
    cguard = p.knob("contract-guard", "tid < n", "tid <= n", "lid < n", ("none", "true"))
    length = p.knob("len", "n", "n - 1", "tcount")
    value = p.knob("value", f"{k} * a[tid]", f"{k} * a[tid] + 1", f"{k} + a[tid]")
    context = p.knob("context", "n >= 0", ("missing", "true"), ("n>=-1", "n >= -1"))
    bound = p.flag("n<=tcount")
    return _render(p, r"""
kernel guarded(int n) {
  global int[$length] a;
  global int[$length] c;
  context_everywhere $context;
$bound

  requires $cguard ==> Perm(a[tid], read) ** Perm(c[tid], write);
  ensures  $cguard ==> Perm(a[tid], read) ** Perm(c[tid], write);
  ensures  $cguard ==> c[tid] == $k * a[tid];
  void main() {
    if ($guard) {
      c[tid] = $value;
    }
  }
}
""", length=length, context=context, bound=_opt(bound, "  context_everywhere n <= tcount;"), cguard=cguard, k=k,
                   guard=guard, value=value)


# --------------------------------------------------------------------------------------
# 3. grid-stride loop (examples/strided-fill.pvl)

def strided(draw) -> str:
    p = Picker(draw, "strided", ["stride", "start", "invariant", "value", "perm-cond"])
    one_group = p.flag("one-group")
    v = p.vary("value", "0", "7")
    stride = p.knob("stride", "tcount", "gsize", "tcount + 1", "ngroups")
    start = p.knob("start", "tid", "lid", "tid + 1", "0")
    inv = p.knob("invariant", "i < k", "i <= k")
    value = p.knob("value", v, "k")
    cond = p.knob("perm-cond", "i % tcount == tid", "i % gsize == lid", "i / tcount == tid")
    ctx = _opt(one_group, "  context_everywhere ngroups == 1;")
    return _render(p, r"""
kernel strided_fill(int n) {
  global int[n] a;
  context_everywhere n >= 0;
$ctx

  requires (\forall* int i; 0 <= i && i < n && $cond; Perm(a[i], write));
  ensures  (\forall* int i; 0 <= i && i < n && $cond; Perm(a[i], write));
  ensures  (\forall int i; 0 <= i && i < n && $cond; a[i] == $v);
  void main() {
    int k = $start;
    loop_invariant tid <= k && k % tcount == tid;
    loop_invariant (\forall* int i; 0 <= i && i < n && $cond; Perm(a[i], write));
    loop_invariant (\forall int i; 0 <= i && i < n && $cond && $inv; a[i] == $v);
    while (k < n) {
      a[k] = $value;
      k = k + $stride;
    }
  }
}
""", ctx=ctx, cond=cond, v=v, start=start, inv=inv, value=value, stride=stride)


# --------------------------------------------------------------------------------------
# 4. neighbour exchange through a barrier in global memory (seed Fig. 8, tile-rotate)

def exchange_global(draw) -> str:
    p = Picker(draw, "exchange-global", ["neighbour", "fence", "share", "barrier", "post", "pre"])
    one_group = p.flag("one-group")
    k = p.vary("k", "0", "1", "5")
    nb_ok = p.vary("neighbour", "gid * gsize + (lid + 1) % gsize", "gid * gsize + (lid + gsize - 1) % gsize",
                   "gid * gsize + (gsize - 1 - lid)", "tid")
    nb = p.knob("neighbour", nb_ok, "(tid + 1) % tcount", "gid * gsize + (lid + 1)", "(lid + 1) % gsize",
                "gid * gsize + (lid + 1) % tcount")
    fence = p.vary("fence", ("global", "global"), ("global,local", "global, local"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_GLOBAL)
    share = p.vary("share", "read", "1\\2")
    share = p.knob("share", share, "write", ("read-own", None))
    where = p.knob("barrier", "keep", "drop", "moved", "plain")
    post = p.knob("post", f"{nb} + {k}", f"tid + {k}", f"{nb}")
    pre = p.knob("pre", f"a[tid] == tid + {k}", "a[tid] == tid", "true")
    if share is None:      # the barrier hands a read share of the own cell instead
        shares = "Perm(a[tid], read) ** Perm(b[tid], write)"
        share = "read"
    else:
        shares = f"Perm(a[{nb}], {share}) ** Perm(b[tid], write)"
    write = f"    a[tid] = tid + {k};"
    barrier = (f"    barrier({fence}) {{\n"
               f"      requires {pre};\n"
               f"      ensures  {shares};\n"
               f"      ensures  a[{nb}] == {nb} + {k};\n"
               f"    }}")
    if where == "drop":
        barrier = "@"
    elif where == "plain":
        barrier = f"    barrier({fence});"
    elif where == "moved":
        write, barrier = barrier, write
    return _render(p, r"""
kernel rotate {
  global int[tcount] a;
  global int[tcount] b;
$ctx

  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == $post;
  void main() {
$write
$barrier
    b[tid] = a[$nb];
  }
}
""", ctx=_opt(one_group, "  context_everywhere ngroups == 1;"), post=post, write=write, barrier=barrier, nb=nb)


# --------------------------------------------------------------------------------------
# 5. neighbour exchange through local memory (examples/local-neighbour-sum.pvl)

def exchange_local(draw) -> str:
    p = Picker(draw, "exchange-local", ["neighbour", "fence", "shares", "barrier", "post", "stage-index"])
    use_f = p.flag("abstract-f")
    nb_ok = p.vary("neighbour", "(lid + 1) % gsize", "(lid + gsize - 1) % gsize", "(lid - 1) % gsize")
    nb = p.knob("neighbour", nb_ok, "lid + 1", "(lid + 1) % tcount", "(lid + 2) % gsize", "lid - 1")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    shares_ok = p.vary("shares", ("halves", "Perm(tmp[lid], 1\\2) ** Perm(tmp[NB], 1\\2)"),
                       ("reads", "Perm(tmp[lid], read) ** Perm(tmp[NB], read)"))
    shares = p.knob("shares", shares_ok, ("write-own", "Perm(tmp[lid], write) ** Perm(tmp[NB], read)"),
                    ("three-halves", "Perm(tmp[lid], 1\\2) ** Perm(tmp[NB], 1\\2) ** Perm(tmp[(lid + 2) % gsize], 1\\2)"),
                    ("write-nb", "Perm(tmp[lid], 1\\2) ** Perm(tmp[NB], write)"))
    shares = shares.replace("NB", nb)
    where = p.knob("barrier", "keep", "drop", "plain")
    stage = p.knob("stage-index", "lid", "tid", "(lid + 1) % gsize")
    if use_f:
        fun = "pure int f(int i);\n\n"
        val = lambda x: f"f(gid * gsize + {x})"
        pre_a = "  requires Perm(a[tid], read) ** a[tid] == f(tid);"
        stage_value = "a[tid]"
        post_ok = f"f(tid) + f(gid * gsize + {nb})"
    else:
        fun = ""
        val = lambda x: f"{x} * 3"
        pre_a = "  requires Perm(a[tid], read);"
        stage_value = "lid * 3"
        post_ok = f"lid * 3 + {nb} * 3"
    post = p.knob("post", post_ok, ("self-twice", f"{val('lid')} + {val('lid')}"), ("plus-one", post_ok + " + 1"))
    barrier = (f"    barrier({fence}) {{\n"
               f"      requires tmp[lid] == {val('lid')};\n"
               f"      ensures  Perm(b[tid], write);\n"
               f"      ensures  {shares};\n"
               f"      ensures  tmp[lid] == {val('lid')};\n"
               f"      ensures  tmp[{nb}] == {val(nb)};\n"
               f"    }}")
    if where == "drop":
        barrier = "@"
    elif where == "plain":
        barrier = f"    barrier({fence});"
    text = _render(p, r"""
kernel neighbour_sum {
  global int[tcount] a;
  global int[tcount] b;
  local int[gsize] tmp;

$pre_a
  requires Perm(b[tid], write) ** Perm(tmp[lid], write);
  ensures  Perm(b[tid], write);
  ensures  b[tid] == $post;
  void main() {
    tmp[$stage] = $stage_value;
$barrier
    b[tid] = tmp[lid] + tmp[$nb];
  }
}
""", pre_a=pre_a, post=post, stage=stage, stage_value=stage_value, barrier=barrier, nb=nb)
    return _prefix(fun, text) if fun else text


def _prefix(declarations: str, rendered: str) -> str:
    """Put top-level declarations after the header line."""
    head, rest = rendered.split("\n", 1)
    return head + "\n" + declarations + rest


# --------------------------------------------------------------------------------------
# 6. tiled copy through local memory

def tiled_copy(draw) -> str:
    p = Picker(draw, "tiled-copy", ["source", "tile-index", "read-index", "fence", "barrier", "share", "pre"])
    one_group = p.flag("one-group")
    k = p.vary("k", "0", "4")
    src_ok = p.vary("source", "gsize - 1 - lid", "lid", "(lid + 1) % gsize", "(lid + gsize - 1) % gsize")
    src = p.knob("source", src_ok, "gsize - lid", "lid + 1", "(lid + 1) % tcount", "(gsize - 1) % lid")
    tile_ix = p.knob("tile-index", "lid", "tid", "gsize - 1 - lid")
    read_ix = p.knob("read-index", "tid", "lid", "(tid + 1) % tcount")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    share = p.vary("share", "read", "1\\2")
    share = p.knob("share", share, "write", ("none", None))
    where = p.knob("barrier", "keep", "drop", "moved", "plain")
    pre = p.knob("pre", f"tile[lid] == tid + {k}", f"tile[lid] == lid + {k}", "true")
    grant = f"Perm(tile[{src}], {share}) ** " if share else ""
    stage = f"    tile[{tile_ix}] = src[{read_ix}];"
    barrier = (f"    barrier({fence}) {{\n"
               f"      requires {pre};\n"
               f"      ensures  {grant}Perm(dst[tid], write);\n"
               f"      ensures  tile[{src}] == gid * gsize + {src} + {k};\n"
               f"    }}")
    if where == "drop":
        barrier = "@"
    elif where == "plain":
        barrier = f"    barrier({fence});"
    elif where == "moved":
        stage, barrier = barrier, stage
    return _render(p, r"""
kernel tiled_copy {
  global int[tcount] src;
  global int[tcount] dst;
  local int[gsize] tile;
$ctx

  requires Perm(src[tid], read) ** src[tid] == tid + $k;
  requires Perm(dst[tid], write) ** Perm(tile[lid], write);
  ensures  Perm(dst[tid], write) ** dst[tid] == gid * gsize + $src + $k;
  void main() {
$stage
$barrier
    dst[tid] = tile[$src];
  }
}
""", ctx=_opt(one_group, "  context_everywhere ngroups == 1;"), k=k, src=src, stage=stage, barrier=barrier)


# --------------------------------------------------------------------------------------
# 7. tree reduction in local memory (examples/reduce-local.pvl)

def reduction(draw) -> str:
    p = Picker(draw, "reduction", ["read-guard", "add-guard", "loop-barrier", "first-barrier",
                                    "loop-cond", "start", "out-index", "leader"])
    # The barriers publish no facts about memory: every fence (or none) will do.
    loop_fence = p.vary("loop-fence", ("local", "local"), ("none", ""), ("global", "global"))
    read_guard = p.knob("read-guard", "lid < s / 2", "lid < s", "lid <= s / 2")
    add_guard = p.knob("add-guard", "lid < s", "lid <= s", "lid < s / 2", ("none", "true"))
    loop_barrier = p.knob("loop-barrier", "keep", "drop", "moved", "plain")
    first = p.knob("first-barrier", "keep", "drop", "plain")
    cond = p.knob("loop-cond", "s > 0", "s > lid", "s >= 0")
    start = p.knob("start", "gsize / 2", "gsize", "(gsize + 1) / 2")
    out = p.knob("out-index", "gid", "lid", "tid")
    leader = p.knob("leader", "lid == 0", "lid < 1 || lid == gsize - 1", "true")
    first_fence = p.vary("first-fence", ("local", "local"), ("none", ""))
    add = (f"      if ({add_guard}) {{\n"
           f"        tmp[lid] = tmp[lid] + tmp[lid + s];\n"
           f"      }}")
    loop_b = (f"      barrier({loop_fence}) {{\n"
              f"        requires 0 < s && s <= gsize / 2;\n"
              f"        ensures 0 < s && s <= gsize / 2;\n"
              f"        ensures (lid < s / 2 || lid == 0) ==> Perm(tmp[lid], write);\n"
              f"        ensures {read_guard} ==> Perm(tmp[lid + s / 2], read);\n"
              f"        ensures lid == 0 ==> Perm(out[gid], write);\n"
              f"      }}")
    if loop_barrier == "drop":
        loop_b = "@"
    elif loop_barrier == "plain":
        loop_b = f"      barrier({loop_fence});"
    elif loop_barrier == "moved":
        add, loop_b = loop_b, add
    first_b = (f"    barrier({first_fence}) {{\n"
               f"      requires s == {start};\n"
               f"      ensures s == {start};\n"
               f"      ensures (lid < s || lid == 0) ==> Perm(tmp[lid], write);\n"
               f"      ensures lid < s ==> Perm(tmp[lid + s], read);\n"
               f"      ensures lid == 0 ==> Perm(out[gid], write);\n"
               f"    }}")
    if first == "drop":
        first_b = "@"
    elif first == "plain":
        first_b = f"    barrier({first_fence});"
    return _render(p, r"""
kernel reduce {
  global int[tcount] input;
  global int[ngroups] out;
  local int[gsize] tmp;

  requires Perm(input[tid], read);
  requires Perm(tmp[lid], write);
  requires lid == 0 ==> Perm(out[gid], write);
  void main() {
    tmp[lid] = input[tid];
    int s = $start;
$first_b
    loop_invariant 0 <= s && s <= gsize / 2;
    loop_invariant (lid < s || lid == 0) ==> Perm(tmp[lid], write);
    loop_invariant lid < s ==> Perm(tmp[lid + s], read);
    loop_invariant lid == 0 ==> Perm(out[gid], write);
    while ($cond) {
$add
$loop_b
      s = s / 2;
    }
    if ($leader) {
      out[$out] = tmp[0];
    }
  }
}
""", start=start, first_b=first_b, cond=cond, add=add, loop_b=loop_b, leader=leader, out=out)


# --------------------------------------------------------------------------------------
# 8. one leader per group writes out[gid] after reading its tile of global memory

def leader_global(draw) -> str:
    p = Picker(draw, "leader-global", ["fence", "leader", "contract-leader", "out-index", "tile-range",
                                        "barrier", "value", "tile-group"])
    k = p.vary("k", "0", "2")
    fence = p.vary("fence", ("global", "global"), ("global,local", "global, local"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_GLOBAL)
    leader = p.knob("leader", "lid == 0", "lid == gsize - 1", ("every", "true"), "tid == 0")
    cleader = p.knob("contract-leader", "lid == 0", "lid < 2", ("every", "true"))
    out = p.knob("out-index", "gid", "lid", "tid", "ngroups - 1 - gid")
    reader = p.vary("readers", ("leader", "lid == 0"), ("every", "true"))
    rng = p.knob("tile-range", "i < gsize", "i <= gsize", "i < tcount")
    where = p.knob("barrier", "keep", "drop", "plain")
    group = p.knob("tile-group", "gid", ("next", "(gid + 1) % ngroups"), ("first", "0"))
    value = p.knob("value", f"a[{group} * gsize + gsize - 1]", f"a[{group} * gsize + gsize]", "a[tid]")
    post_value = f"gsize - 1 + {k}"
    barrier = (f"    barrier({fence}) {{\n"
               f"      requires a[tid] == lid + {k};\n"
               f"      ensures  {cleader} ==> Perm(out[gid], write);\n"
               f"      ensures  {reader} ==> (\\forall* int i; 0 <= i && {rng}; Perm(a[{group} * gsize + i], read));\n"
               f"      ensures  {reader} ==> (\\forall int i; 0 <= i && {rng}; a[{group} * gsize + i] == i + {k});\n"
               f"    }}")
    if where == "drop":
        barrier = "@"
    elif where == "plain":
        barrier = f"    barrier({fence});"
    return _render(p, r"""
kernel leader_out {
  global int[tcount] a;
  global int[ngroups] out;

  requires Perm(a[tid], write);
  requires $cleader ==> Perm(out[gid], write);
  ensures  $cleader ==> Perm(out[gid], write) ** out[gid] == $post_value;
  void main() {
    a[tid] = lid + $k;
$barrier
    if ($leader) {
      out[$out] = $value;
    }
  }
}
""", cleader=cleader, post_value=post_value, k=k, barrier=barrier, leader=leader, out=out, value=value)


# --------------------------------------------------------------------------------------
# 9. the leader of each group fills a local table (examples/leader-init-local.pvl)

def leader_local(draw) -> str:
    p = Picker(draw, "leader-local", ["bound", "fence", "fill-guard", "read-index", "barrier", "post",
                                       "invariant"])
    one_group = p.flag("one-group")
    fill_ok = p.vary("filler", "lid == 0", "lid == gsize - 1")
    fill = p.knob("fill-guard", fill_ok, "tid == 0", ("every", "true"), "lid == 1")
    bound = p.knob("bound", "k < gsize", "k < gsize - 1", "k <= gsize")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    rd_ok = p.vary("read-index", "lid", "gsize - 1 - lid")
    rd = p.knob("read-index", rd_ok, "tid", "lid + 1")
    where = p.knob("barrier", "keep", "drop", "plain")
    post = p.knob("post", f"base + {rd_ok}", "base + lid + 1", "base")
    inv = p.knob("invariant", "i < k", "i <= k")
    barrier = (f"    barrier({fence}) {{\n"
               f"      requires {fill_ok} ==> (\\forall int i; 0 <= i && i < gsize; tmp[i] == base + i);\n"
               f"      ensures  Perm(out[tid], write) ** Perm(tmp[{rd}], read);\n"
               f"      ensures  tmp[{rd}] == base + {rd};\n"
               f"    }}")
    if where == "drop":
        barrier = "@"
    elif where == "plain":
        barrier = f"    barrier({fence});"
    return _render(p, r"""
kernel leader_init(int base) {
  global int[tcount] out;
  local int[gsize] tmp;
$ctx

  requires Perm(out[tid], write);
  requires $fill_ok ==> (\forall* int i; 0 <= i && i < gsize; Perm(tmp[i], write));
  ensures  Perm(out[tid], write) ** out[tid] == $post;
  void main() {
    if ($fill) {
      loop_invariant 0 <= k && k <= gsize;
      loop_invariant (\forall* int i; 0 <= i && i < gsize; Perm(tmp[i], write));
      loop_invariant (\forall int i; 0 <= i && $inv; tmp[i] == base + i);
      for (int k = 0; $bound; k = k + 1) {
        tmp[k] = base + k;
      }
    }
$barrier
    out[tid] = tmp[$rd];
  }
}
""", ctx=_opt(one_group, "  context_everywhere ngroups == 1;"), fill_ok=fill_ok, post=post, fill=fill, inv=inv,
                   bound=bound, barrier=barrier, rd=rd)


# --------------------------------------------------------------------------------------
# 10. smoothing rounds: two barriers in a loop (examples/local-smoothing-rounds.pvl)

def smoothing(draw) -> str:
    p = Picker(draw, "smoothing", ["bound", "left", "share", "fence1", "second-barrier", "first-barrier",
                                    "divisor", "init"])
    left_ok = p.vary("left", "(lid + gsize - 1) % gsize", "(lid - 1) % gsize")
    left = p.knob("left", left_ok, "lid - 1", "(lid - 1) % tcount", "(lid + gsize) % gsize")
    right = "(lid + 1) % gsize"
    bound = p.knob("bound", "steps", "steps - lid", "steps + gid", "lid")
    share_ok = p.vary("share", "read", "1\\2")
    share = p.knob("share", share_ok, "write")
    fence1 = p.vary("fence1", ("local", "local"), ("local,global", "local, global"))
    fence1 = p.knob("fence1", fence1, *FENCES_WRONG_FOR_LOCAL)
    fence2 = p.vary("fence2", ("local", "local"), ("none", ""), ("global", "global"))
    second = p.knob("second-barrier", "keep", "drop", "plain", ("under-lid", "lid"))
    first = p.knob("first-barrier", "keep", "drop", "plain", ("under-lid", "lid"))
    divisor = p.knob("divisor", "2", "0", "lid", ("minus", "-2"))
    init = p.knob("init", "0", "1", "gid")
    lower = p.vary("lower", "0", "1")
    b1 = (f"      barrier({fence1}) {{\n"
          f"        context  {init} <= i && i < steps;\n"
          f"        requires tmp[lid] >= {lower};\n"
          f"        ensures  Perm(a[tid], write);\n"
          f"        ensures  Perm(tmp[{left}], {share}) ** Perm(tmp[{right}], {share});\n"
          f"        ensures  tmp[{left}] >= {lower} && tmp[{right}] >= {lower};\n"
          f"      }}")
    b2 = (f"      barrier({fence2}) {{\n"
          f"        context {init} <= i && i < steps;\n"
          f"        context v >= {lower};\n"
          f"        ensures Perm(a[tid], write) ** Perm(tmp[lid], write);\n"
          f"      }}")
    b1 = {"keep": b1, "drop": "@", "plain": f"      barrier({fence1});",
          "lid": "      if (lid > 0) {\n" + b1 + "\n      }"}[first]
    b2 = {"keep": b2, "drop": "@", "plain": f"      barrier({fence2});",
          "lid": "      if (lid > 0) {\n" + b2 + "\n      }"}[second]
    return _render(p, r"""
kernel smooth(int steps) {
  global int[tcount] a;
  local int[gsize] tmp;
  context_everywhere steps >= 0;

  requires Perm(a[tid], write) ** a[tid] >= $lower;
  requires Perm(tmp[lid], write);
  ensures  Perm(a[tid], write) ** a[tid] >= $lower;
  void main() {
    int v = a[tid];
    loop_invariant $init <= i && i <= steps;
    loop_invariant Perm(a[tid], write) ** Perm(tmp[lid], write);
    loop_invariant v >= $lower;
    for (int i = $init; i < $bound; i = i + 1) {
      tmp[lid] = v;
$b1
      v = (tmp[$left] + tmp[$right]) / $divisor;
$b2
    }
    a[tid] = v;
  }
}
""", lower=lower, init=init, bound=bound, b1=b1, b2=b2, left=left, right=right, divisor=divisor)


# --------------------------------------------------------------------------------------
# 11. helper procedures with contracts: swap pairs, add into

def helpers(draw) -> str:
    which = draw(st.sampled_from(["swap", "add"]))
    if which == "swap":
        p = Picker(draw, "helper-swap", ["args", "caller-share", "helper-body", "helper-bounds", "helper-post",
                                          "length"])
        first_ok, second_ok = p.vary("pair", ("adjacent", ("2 * tid", "2 * tid + 1")),
                                     ("halves", ("tid", "tid + tcount")))
        first, second = p.knob("args", ("ok", (first_ok, second_ok)), ("2t,2t+2", ("2 * tid", "2 * tid + 2")),
                               ("t,t+1", ("tid", "tid + 1")), ("same", (first_ok, first_ok)))
        cshare = p.knob("caller-share", "write", "1\\2", "read")
        body = p.knob("helper-body", ("temp", "int t = a[i];\n    a[i] = a[j];\n    a[j] = t;"),
                      ("no-temp", "a[i] = a[j];\n    a[j] = a[i];"), ("none", "a[i] = a[i];"))
        hb = p.knob("helper-bounds", "requires 0 <= i && i < 2 * tcount && 0 <= j && j < 2 * tcount;",
                    ("missing", "@"), ("half", "requires 0 <= i && i < 2 * tcount;"))
        hpost = p.knob("helper-post", "a[i] == \\old(a[j]) && a[j] == \\old(a[i])",
                       ("no-old", "a[i] == a[j] && a[j] == a[i]"), ("same", "a[i] == \\old(a[i])"))
        length = p.knob("length", "2 * tcount", "2 * tcount - 1", "tcount")
        hb = ("  " + hb) if hb != "@" else "@"
        return _render(p, r"""
kernel swap_pairs {
  global int[$length] a;

$hb
  requires Perm(a[i], write) ** Perm(a[j], write);
  ensures  Perm(a[i], write) ** Perm(a[j], write);
  ensures  $hpost;
  void swap(int i, int j) {
    $body
  }

  requires Perm(a[$f1], write) ** Perm(a[$s1], $cshare);
  ensures  Perm(a[$f1], write) ** Perm(a[$s1], $cshare);
  ensures  a[$f1] == \old(a[$s1]) && a[$s1] == \old(a[$f1]);
  void main() {
    swap($first, $second);
  }
}
""", length=length, hb=hb, hpost=hpost, body=body, f1=first_ok, s1=second_ok, cshare=cshare, first=first,
                       second=second)
    p = Picker(draw, "helper-add", ["arg", "helper-share", "caller-share", "helper-body", "helper-post",
                                     "calls", "helper-bounds"])
    one_group = p.flag("one-group")
    arg = p.knob("arg", "tid", "lid", "tid + 1", "(tid + 1) % tcount")
    # Passing `read` to the helper from a fraction leaves an unknown smaller fraction
    # (docs/language.md, like Viper's wildcard): the caller that holds 1\2 or write
    # gives the helper 1\2 or write, and a helper that takes `read` from it is a mutation.
    cshare, hshare = p.vary("shares", ("read/read", ("read", "read")), ("half/half", ("1\\2", "1\\2")),
                            ("write/half", ("write", "1\\2")), ("write/write", ("write", "write")))
    hshare = p.knob("helper-share", hshare, *[x for x in ("read", "1\\2", "write") if x != hshare])
    cshare = p.knob("caller-share", cshare, ("none", None))
    body = p.knob("helper-body", "a[i] = a[i] + b[i];", "a[i] = b[i];", "a[i] = a[i] + b[i] + 1;")
    hpost = p.knob("helper-post", "a[i] == \\old(a[i]) + b[i]", "a[i] == a[i] + b[i]", "a[i] == \\old(a[i])")
    calls_ok = p.vary("calls", "1", "2")
    calls = p.knob("calls", calls_ok, "0", "3")
    hb = p.knob("helper-bounds", "requires 0 <= i && i < tcount;", ("missing", "@"), ("le", "requires 0 <= i && i <= tcount;"))
    hb = ("  " + hb) if hb != "@" else "@"
    bperm = f" ** Perm(b[tid], {cshare})" if cshare else ""
    return _render(p, r"""
kernel add_twice {
  global int[tcount] a;
  global int[tcount] b;
$ctx

$hb
  requires Perm(a[i], write) ** Perm(b[i], $hshare);
  ensures  Perm(a[i], write) ** Perm(b[i], $hshare);
  ensures  $hpost;
  void add(int i) {
    $body
  }

  requires Perm(a[tid], write)$bperm;
  ensures  Perm(a[tid], write)$bperm;
  ensures  a[tid] == \old(a[tid]) + $calls * b[tid];
  void main() {
$calls_text
  }
}
""", ctx=_opt(one_group, "  context_everywhere ngroups == 1;"), hb=hb, hshare=hshare, hpost=hpost, body=body,
                   bperm=bperm, calls=calls_ok,
                   calls_text="\n".join([f"    add({arg});"] * int(calls)) or "    assert true;")


# --------------------------------------------------------------------------------------
# 12. one thread loops over the whole array (examples/zero-by-thread0.pvl)

def thread0_loop(draw) -> str:
    p = Picker(draw, "thread0-loop", ["guard", "contract-guard", "start", "bound", "value", "invariant"])
    who = p.vary("who", "tid == 0", "lid == 0 && gid == 0", "tid == tcount - 1")
    guard = p.knob("guard", who, "lid == 0", ("every", "true"), "gid == 0")
    cguard = p.knob("contract-guard", who, "lid == 0", ("every", "true"))
    v = p.vary("value", "0", "3")
    start = p.knob("start", "0", "1", "-1")
    bound = p.knob("bound", "k < n", "k <= n", "k < n - 1")
    value = p.knob("value", v, "k")
    inv = p.knob("invariant", "j < k", "j <= k")
    return _render(p, r"""
kernel zero_by_one(int n) {
  global int[n] a;
  context_everywhere n >= 0;

  requires $cguard ==> (\forall* int i; 0 <= i && i < n; Perm(a[i], write));
  ensures  $cguard ==> (\forall* int i; 0 <= i && i < n; Perm(a[i], write));
  ensures  $cguard ==> (\forall int i; 0 <= i && i < n; a[i] == $v);
  void main() {
    if ($guard) {
      loop_invariant 0 <= k && k <= n;
      loop_invariant (\forall* int i; 0 <= i && i < n; Perm(a[i], write));
      loop_invariant (\forall int j; 0 <= j && $inv; a[j] == $v);
      for (int k = $start; $bound; k = k + 1) {
        a[k] = $value;
      }
    }
  }
}
""", cguard=cguard, v=v, guard=guard, inv=inv, start=start, bound=bound, value=value)


# --------------------------------------------------------------------------------------
# 13. Euclidean division and modulus on memory that may be negative (safe-divide)

# Facts about n / d and n % d that hold for every n and every d != 0 (SMT-LIB division),
# and some that do not (truncating division, the wrong sign).
ARITH_TRUE = ["n % d >= 0", "n % d < d || n % d < -d", "(n / d) * d + n % d == n", "n % d == (n + d) % d",
              "(n * d) % d == 0", "(n * d) / d == n", "(n - n % d) % d == 0", "n / -1 == -n", "n % 1 == 0"]
ARITH_FALSE = ["n % d < d", "(-n) / d == -(n / d)", "(n / d) * d == n", "n / 2 <= n", "n % d <= n",
               "(-n) % d == -(n % d)"]


def arith(draw) -> str:
    p = Picker(draw, "arith", ["guard", "fact", "post-bound", "else", "divisor"])
    fact_ok = p.vary("fact", *ARITH_TRUE)
    fact = p.knob("fact", fact_ok, *ARITH_FALSE)
    guard = p.vary("guard", "d != 0", "d > 0 || d < 0", "!(d == 0)")
    guard = p.knob("guard", guard, "d > 0", "d >= 0", ("none", "true"), "n != 0")
    bound = p.knob("post-bound", "(den[tid] > 0 ? den[tid] : -den[tid])", "den[tid]", "den[tid] + 1")
    other = p.knob("else", ("n", "r[tid] = n;"), ("zero", "r[tid] = 0;"))
    divisor = p.knob("divisor", "d", ("den+1", "(d + 1)"), ("n", "n"))
    return _render(p, r"""
kernel divide {
  global int[tcount] num;
  global int[tcount] den;
  global int[tcount] q;
  global int[tcount] r;

  context  Perm(num[tid], read) ** Perm(den[tid], read);
  requires Perm(q[tid], write) ** Perm(r[tid], write);
  ensures  Perm(q[tid], write) ** Perm(r[tid], write);
  ensures  den[tid] != 0 ==> q[tid] * den[tid] + r[tid] == num[tid];
  ensures  den[tid] != 0 ==> 0 <= r[tid] && r[tid] < $bound;
  ensures  den[tid] == 0 ==> q[tid] == 0 && r[tid] == num[tid];
  void main() {
    int n = num[tid];
    int d = den[tid];
    if ($guard) {
      q[tid] = n / $divisor;
      r[tid] = n % $divisor;
      assert $fact;
    } else {
      q[tid] = 0;
      $other
    }
  }
}
""", bound=bound, guard=guard, divisor=divisor, fact=fact, other=other)


# --------------------------------------------------------------------------------------
# 14. break / continue / return and uniform variables around barriers in a loop

def jumps(draw) -> str:
    p = Picker(draw, "jumps", ["jump-cond", "extra-cond", "return-cond", "bound", "fence", "neighbour"])
    jump = p.vary("jump", "break", "continue", ("none", None))
    if jump is None and "jump-cond" in p.mutated:
        jump = "break"
    jcond = p.vary("jump-cond", "i == 2", "i == n - 1", "gid == i", "n > 5")
    jcond = p.knob("jump-cond", jcond, "lid == i", "tid > 3", "acc > 4")
    extra = p.vary("extra", ("none", None), "gid == 0", "n > 2")
    extra = p.knob("extra-cond", extra, "lid == 0", "tid == 1")
    rcond = p.vary("return-cond", ("none", None), "gid == 1", "n == 3")
    rcond = p.knob("return-cond", rcond, "lid == 0", "tid > 2")
    rplace = p.vary("return-place", "start", "loop", "end")
    bound = p.knob("bound", "rounds", "rounds + lid", "tid")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    nb = p.vary("neighbour", "(lid + 1) % gsize", "(lid + gsize - 1) % gsize")
    nb = p.knob("neighbour", nb, "lid + 1", "(lid + 1) % tcount")

    def ret(indent: str, save: str = "") -> str:
        if rcond is None:
            return "@"
        inner = f"{indent}  {save}\n" if save else ""
        return f"{indent}if ({rcond}) {{\n{inner}{indent}  return;\n{indent}}}"

    return _render(p, r"""
kernel rounds(int n) {
  global int[tcount] out;
  local int[gsize] tmp;
  context_everywhere n >= 0;

  requires Perm(out[tid], write) ** Perm(tmp[lid], write);
  ensures  Perm(out[tid], write) ** out[tid] >= 0;
  void main() {
    out[tid] = 0;
$ret_start
    int acc = 0;
    int rounds = n;
$extra
    loop_invariant 0 <= i;
    loop_invariant acc >= 0;
    loop_invariant Perm(out[tid], write) ** Perm(tmp[lid], write);
    for (int i = 0; i < $bound; i = i + 1) {
$body_jump
      tmp[lid] = acc + lid;
      barrier($fence) {
        requires tmp[lid] >= 0;
        context  acc >= 0;
        ensures  Perm(tmp[$nb], read) ** Perm(out[tid], write);
        ensures  tmp[$nb] >= 0;
      }
      acc = acc + tmp[$nb];
$ret_loop
      barrier(local) {
        context acc >= 0;
        ensures Perm(tmp[lid], write) ** Perm(out[tid], write);
      }
    }
    out[tid] = acc;
$ret_end
  }
}
""", ret_start=ret("    ") if rplace == "start" else "@",
                   ret_loop=ret("      ", "out[tid] = acc;") if rplace == "loop" else "@",
                   ret_end=ret("    ") if rplace == "end" else "@",
                   extra=(f"    if ({extra}) {{\n      rounds = rounds + 1;\n    }}" if extra else "@"),
                   bound=bound, fence=fence, nb=nb,
                   body_jump=(f"      if ({jcond}) {{\n        {jump};\n      }}") if jump else "@")


# --------------------------------------------------------------------------------------
# 15. one phase of odd-even transposition sort: resources that depend on lid's parity

def odd_even(draw) -> str:
    p = Picker(draw, "odd-even", ["code-cond", "contract-cond", "compare", "fence", "odd-share", "swap",
                                   "second-barrier", "active-fact"])
    parity = p.vary("parity", "0", "1")
    other = "1" if parity == "0" else "0"
    # The pair owner's condition, written out or kept in a (non-uniform) variable whose
    # meaning the barriers must then state, and the swap inline or in a helper.
    use_var = p.flag("active-variable")
    use_helper = p.flag("helper")
    cond_ok = f"lid % 2 == {parity} && lid + 1 < gsize"
    ccond = p.knob("contract-cond", cond_ok, f"lid % 2 == {parity} && lid + 1 <= gsize", "lid + 1 < gsize",
                   f"lid % 2 == {other} && lid + 1 < gsize")
    code = p.knob("code-cond", ccond, f"lid % 2 == {other} && lid + 1 < gsize", "lid + 1 < gsize",
                  ("lid<gsize-1", f"lid % 2 == {parity} && lid < gsize - 1"))
    cmp = p.knob("compare", ">", "<", ">=")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    oshare = p.vary("odd-share", "read", "1\\2")
    oshare = p.knob("odd-share", oshare, "write")
    swap = p.knob("swap", ("temp", "int t = tmp[i];\n        tmp[i] = tmp[j];\n        tmp[j] = t;"),
                  ("no-temp", "tmp[i] = tmp[j];\n        tmp[j] = tmp[i];"),
                  ("copy", "tmp[j] = tmp[i];"))
    second = p.knob("second-barrier", "keep", "drop", "plain")
    fact = p.knob("active-fact", "keep", "drop") if use_var else "keep"
    active = "active" if use_var else f"({ccond})"
    meaning = f"      requires active == ({ccond});\n" if use_var and fact == "keep" else ""
    decl = f"    bool active = {code};" if use_var else "@"
    code_cond = "active" if use_var else code
    b1 = ("    barrier(local) {\n"
          + (f"      requires active == ({ccond});\n      ensures  active == ({ccond});\n" if use_var else "")
          + f"      ensures  Perm(a[tid], write);\n"
          f"      ensures  {active} ==> Perm(tmp[lid], write) ** Perm(tmp[lid + 1], write);\n"
          f"    }}")
    b2 = (f"    barrier({fence}) {{\n"
          + meaning +
          f"      requires {active} ==> tmp[lid] <= tmp[lid + 1];\n"
          f"      ensures  Perm(a[tid], write) ** Perm(tmp[lid], {oshare});\n"
          f"      ensures  lid % 2 == {other} && lid > 0 ==> Perm(tmp[lid - 1], {oshare}) ** tmp[lid - 1] <= tmp[lid];\n"
          f"    }}")
    b2 = {"keep": b2, "drop": "@", "plain": f"    barrier({fence});"}[second]
    inline = swap.replace("tmp[i]", "tmp[lid]").replace("tmp[j]", "tmp[lid + 1]").replace("\n", "\n  ")
    if use_helper:
        helper = (f"  requires 0 <= i && i < gsize && 0 <= j && j < gsize;\n"
                  f"  requires Perm(tmp[i], write) ** Perm(tmp[j], write);\n"
                  f"  ensures  Perm(tmp[i], write) ** Perm(tmp[j], write);\n"
                  f"  ensures  {'tmp[i] <= tmp[j]' if cmp != '<' else 'tmp[i] >= tmp[j]'};\n"
                  f"  void order(int i, int j) {{\n"
                  f"    if (tmp[i] {cmp} tmp[j]) {{\n"
                  f"      {swap.replace(chr(10) + '        ', chr(10) + '      ')}\n"
                  f"    }}\n"
                  f"  }}\n")
        work = "      order(lid, lid + 1);"
    else:
        helper = "@"
        work = (f"      if (tmp[lid] {cmp} tmp[lid + 1]) {{\n"
                f"        {inline.replace(chr(10) + '          ', chr(10) + '        ')}\n"
                f"      }}")
    return _render(p, r"""
kernel odd_even {
  global int[tcount] a;
  local int[gsize] tmp;

$helper
  requires Perm(a[tid], write) ** Perm(tmp[lid], write);
  ensures  Perm(a[tid], write) ** a[tid] >= 0;
  void main() {
    tmp[lid] = a[tid];
$decl
$b1
    if ($code_cond) {
$work
    }
$b2
    if (lid % 2 == $other && lid > 0) {
      a[tid] = tmp[lid] - tmp[lid - 1];
    } else {
      a[tid] = 0;
    }
  }
}
""", helper=helper, decl=decl, b1=b1, code_cond=code_cond, work=work, b2=b2, other=other)


# --------------------------------------------------------------------------------------
# 16. a three-point stencil over global memory, within the group or across groups

def stencil(draw) -> str:
    p = Picker(draw, "stencil", ["left-guard", "right-guard", "code-guard", "post-guard", "share", "write"])
    scope = p.vary("scope", "global", "group")
    one_group = p.flag("one-group")
    if scope == "global":
        left, right, inner = "tid > 0", "tid < tcount - 1", "0 < tid && tid < tcount - 1"
    else:
        left, right, inner = "lid > 0", "lid < gsize - 1", "0 < lid && lid < gsize - 1"
    left = p.knob("left-guard", left, "tid >= 0", "lid >= 0" if scope == "group" else "tid > 1")
    right = p.knob("right-guard", right, "tid < tcount", "lid < gsize")
    code = p.knob("code-guard", inner, "0 < tid", "tid < tcount - 1", "0 <= tid && tid < tcount - 1",
                  ("other-scope", "0 < tid && tid < tcount - 1" if scope == "group" else "0 < lid && lid < gsize - 1"))
    post = p.knob("post-guard", inner, "0 < tid", ("other-scope", "0 < tid && tid < tcount - 1" if scope == "group"
                                                   else "0 < lid && lid < gsize - 1"))
    share = p.vary("share", "read", "1\\4")
    share = p.knob("share", share, "1\\2", "write")
    write = p.knob("write", "b[tid]", "a[tid]", "b[tid + 1]")
    return _render(p, r"""
kernel stencil {
  global int[tcount] a;
  global int[tcount] b;
$ctx

  context  Perm(a[tid], $share);
  context  $left ==> Perm(a[tid - 1], $share);
  context  $right ==> Perm(a[tid + 1], $share);
  requires Perm(b[tid], write);
  ensures  Perm(b[tid], write);
  ensures  $post ==> b[tid] == a[tid - 1] + a[tid] + a[tid + 1];
  ensures  !($post) ==> b[tid] == a[tid];
  void main() {
    if ($code) {
      $write = a[tid - 1] + a[tid] + a[tid + 1];
    } else {
      $write = a[tid];
    }
  }
}
""", ctx=_opt(one_group, "  context_everywhere ngroups == 1;"), share=share, left=left, right=right, post=post,
                   code=code, write=write)


# --------------------------------------------------------------------------------------
# 17. explicit kernel and group contracts (examples/increment-explicit-levels.pvl)

def levels(draw) -> str:
    p = Picker(draw, "levels", ["tile", "group-fact", "thread-post", "increment", "kernel-fact", "thread-pre"])
    lo = p.vary("low", "0", "-3", "lo")
    tile_ok = p.vary("tile", "gid * gsize + l", "l + gsize * gid")
    # (out-of-range tiles make the solver time out: the wrong tiles stay in range)
    tile = p.knob("tile", tile_ok, "l * ngroups + gid", "gid * gsize + l / 2")
    gfact = p.knob("group-fact", f"a[{tile}] >= {lo}", ("missing", "true"), f"a[{tile}] > {lo} - 2")
    tpost = p.knob("thread-post", f"a[tid] > {lo}", f"a[tid] >= {lo}", f"a[tid] > {lo} + 1")
    inc = p.vary("increment", "1", "2")
    inc = p.knob("increment", inc, "0", "-1")
    krange = p.vary("kernel-range", "i < tcount", "i < ngroups * gsize")
    kfact = p.knob("kernel-fact", f"a[i] >= {lo}", f"a[i] >= {lo} - 1", f"a[i] > {lo} - 1")
    tpre = p.knob("thread-pre", f"a[tid] >= {lo}", f"a[tid] > {lo}", f"a[tid] >= {lo} - 1")
    param = "(int lo)" if lo == "lo" else ""
    return _render(p, r"""
kernel increment$param {
  global int[tcount] a;

  kernel {
    requires (\forall* int i; 0 <= i && $krange; Perm(a[i], write));
    requires (\forall int i; 0 <= i && $krange; $kfact);
    ensures  (\forall* int i; 0 <= i && $krange; Perm(a[i], write));
    ensures  (\forall int i; 0 <= i && $krange; a[i] > $lo);
  }

  group {
    requires (\forall* int l; 0 <= l && l < gsize; Perm(a[$tile], write));
    requires (\forall int l; 0 <= l && l < gsize; $gfact);
    ensures  (\forall* int l; 0 <= l && l < gsize; Perm(a[$tile], write));
    ensures  (\forall int l; 0 <= l && l < gsize; a[$tile] > $lo);
  }

  requires Perm(a[tid], write) ** $tpre;
  ensures  Perm(a[tid], write) ** $tpost;
  void main() {
    a[tid] = a[tid] + $inc;
  }
}
""", param=param, krange=krange, kfact=kfact, lo=lo, tile=tile, gfact=gfact, tpre=tpre, tpost=tpost, inc=inc)


# --------------------------------------------------------------------------------------
# 18. a barrier under a condition that is uniform in each group (rotate-first-tile)

def uniform_branch(draw) -> str:
    p = Picker(draw, "uniform-branch", ["cond", "fence", "else-branch", "post", "neighbour"])
    use_f = p.flag("abstract-f")
    cond_ok = p.vary("cond", "gid == 0", "gid % 2 == 1", "ngroups > 1", "gid < m")
    cond = p.knob("cond", cond_ok, "lid == 0", "tid < gsize", "lid < m")
    fence = p.vary("fence", ("local", "local"), ("local,global", "local, global"))
    fence = p.knob("fence", fence, *FENCES_WRONG_FOR_LOCAL)
    nb = p.vary("neighbour", "(lid + 1) % gsize", "gsize - 1 - lid")
    nb = p.knob("neighbour", nb, "lid + 1", "(lid + 1) % tcount")
    other = p.knob("else-branch", ("none", "@"), ("plain-barrier", f"    }} else {{\n      barrier({fence});"),
                   ("write-own", "    } else {\n      a[tid] = a[tid] + 1;"))
    f = (lambda x: f"f({x})") if use_f else (lambda x: f"{x} + 10")
    post_ok = f"({cond_ok}) ? a[tid] == {f(f'gid * gsize + {nb}')} : a[tid] == {f('tid')}"
    post = p.knob("post", post_ok, ("then-only", f"a[tid] == {f(f'gid * gsize + {nb}')}"),
                  ("no-gid", f"({cond_ok}) ? a[tid] == {f(nb)} : a[tid] == {f('tid')}"))
    text = _render(p, r"""
kernel rotate_some(int m) {
  global int[tcount] a;
  local int[gsize] tmp;
  context_everywhere m >= 0;

  requires Perm(a[tid], write) ** a[tid] == $ftid;
  requires Perm(tmp[lid], write);
  ensures  Perm(a[tid], write);
  ensures  $post;
  void main() {
    if ($cond) {
      tmp[lid] = a[tid];
      barrier($fence) {
        requires tmp[lid] == $flid;
        ensures  Perm(a[tid], write) ** Perm(tmp[$nb], read);
        ensures  tmp[$nb] == $fnb;
      }
      a[tid] = tmp[$nb];
$other
    }
  }
}
""", ftid=f("tid"), post=post, cond=cond, fence=fence, flid=f("gid * gsize + lid"), nb=nb,
                   fnb=f(f"gid * gsize + {nb}"), other=other)
    return _prefix("pure int f(int i);\n\n", text) if use_f else text


# --------------------------------------------------------------------------------------
# 19. a barrier that deals out shares of two cells (local, or global per group) by random lid conditions

SHARE_CONDS = ["lid == 0", "lid == 1", "lid == gsize - 1", "lid > 0", "lid % 2 == 0", "lid % 2 == 1", "true",
               "lid < 2", "gid == 0", "lid == 0 && gid == 0"]
SHARE_AMOUNTS = ["write", "1\\2", "1\\3", "2\\3", "read", "1\\4"]
SHARE_CELLS = ["0", "1", "lid % 2", "(lid + 1) % 2"]


def shares(draw) -> str:
    """Not a mutated pattern: 1-4 random clauses `cond ==> Perm(cell[i], amount)` (or a
    quantified one over both cells), and code that writes a cell where its clause gives
    write and reads one where its clause gives any share.  Whether the barrier can hand
    that out depends on the sizes; the verifier decides for all of them.  The two cells
    are local memory, or each group's two cells of a global array (then a clause now and
    then names group 0's cells instead: the group does not hold them)."""
    p = Picker(draw, "shares", [])
    memory = p.vary("memory", "local", "global")
    if memory == "local":
        fence = p.vary("fence", ("local", "local"), ("none", ""))
        declaration, base = "local int[2] cell;", ""
    else:
        fence = p.vary("fence", ("global", "global"), ("none", ""))
        declaration, base = "global int[2 * ngroups] cell;", "gid * 2 + "
    bound = p.vary("context", ("none", None), "gsize > 1", "gsize > 2", "gsize <= 2")
    n = draw(st.integers(1, 4))
    clauses, code = [], []
    for k in range(n):
        cond = draw(st.sampled_from(SHARE_CONDS))
        amount = draw(st.sampled_from(SHARE_AMOUNTS))
        at = base
        if base and draw(st.integers(0, 5)) == 0:
            at = ""
            p.variations.append("cross-group")
        cell = draw(st.sampled_from(SHARE_CELLS))
        if draw(st.integers(0, 4)) == 0:
            resource = f"(\\forall* int i; 0 <= i && i < 2; Perm(cell[{at}i], {amount}))"
        else:
            resource = f"Perm(cell[{at}{cell}], {amount})"
        clauses.append(f"      ensures  {cond} ==> {resource};")
        p.variations.append(f"clause:{_label(cond)}:{_label(cell)}:{_label(amount)}")
        if amount == "write":
            code.append(f"    if ({cond}) {{\n      cell[{at}{cell}] = lid + {k};\n    }}")
        else:
            code.append(f"    if ({cond}) {{\n      out[tid] = out[tid] + cell[{at}{cell}];\n    }}")
    order = draw(st.permutations(range(len(code))))
    return _render(p, r"""
kernel shares {
  global int[tcount] out;
  $declaration
$ctx

  requires Perm(out[tid], write);
  requires lid == 0 ==> Perm(cell[${base}0], write) ** Perm(cell[${base}1], write);
  ensures  Perm(out[tid], write);
  void main() {
    if (lid == 0) {
      cell[${base}0] = 1;
      cell[${base}1] = 2;
    }
    barrier($fence) {
      ensures  Perm(out[tid], write);
$clauses
    }
$code
  }
}
""", declaration=declaration, base=base, ctx=f"  context_everywhere {bound};" if bound else "@", fence=fence,
                   clauses="\n".join(clauses), code="\n".join(code[i] for i in order))


# --------------------------------------------------------------------------------------
# 20. a naive prefix sum specified with a recursive pure function (prefix-sum-naive)

def prefix(draw) -> str:
    p = Picker(draw, "prefix", ["bound", "start", "invariant", "base", "step", "read-range", "store"])
    bound = p.knob("bound", "k <= tid", "k < tid", "k <= tid + 1")
    start = p.knob("start", "0", "1")
    inv = p.knob("invariant", "acc == psum(k)", "acc == psum(k + 1)", "acc >= psum(k)")
    base = p.knob("base", "0", "1")
    step = p.knob("step", "psum(n - 1) + f(n - 1)", "psum(n - 1) + f(n)")
    rng = p.knob("read-range", "i < tcount", "i < gsize", "i <= tid")
    store = p.knob("store", "acc", "acc + x[tid]", "x[tid]")
    source = p.vary("source", "memory", "function")    # read x[k], or call f(k) directly
    inv_hi = p.vary("invariant-bound", "k <= tid + 1", "k <= tid + 1 && k <= tcount")
    return _prefix(f"pure int f(int i);\n\nrequires n >= 0;\npure int psum(int n) = n == 0 ? {base} : {step};\n\n", _render(p, r"""
kernel prefix_sum {
  global int[tcount] x;
  global int[tcount] s;

  requires (\forall* int i; 0 <= i && $rng; Perm(x[i], read));
  requires (\forall int i; 0 <= i && $rng; x[i] == f(i));
  requires Perm(s[tid], write);
  ensures  Perm(s[tid], write) ** s[tid] == psum(tid + 1);
  void main() {
    int acc = 0;
    loop_invariant $start <= k && $inv_hi;
    loop_invariant (\forall* int i; 0 <= i && $rng; Perm(x[i], read));
    loop_invariant (\forall int i; 0 <= i && $rng; x[i] == f(i));
    loop_invariant Perm(s[tid], write);
    loop_invariant $inv;
    for (int k = $start; $bound; k = k + 1) {
      acc = acc + x[k];
    }
    s[tid] = $store;
  }
}
""", rng=rng, start=start, inv_hi=inv_hi, inv=inv, bound=bound, store=store) if source == "memory" else _render(p, r"""
kernel prefix_sum {
  global int[tcount] x;
  global int[tcount] s;

  requires Perm(s[tid], write);
  ensures  Perm(s[tid], write) ** s[tid] == psum(tid + 1);
  void main() {
    int acc = 0;
    loop_invariant $start <= k && $inv_hi;
    loop_invariant Perm(s[tid], write);
    loop_invariant $inv;
    for (int k = $start; $bound; k = k + 1) {
      acc = acc + f(k);
    }
    s[tid] = $store;
  }
}
""", start=start, inv_hi=inv_hi, inv=inv, bound=bound, store=store.replace("x[tid]", "f(tid)")))


PATTERNS = {
    "elementwise": elementwise,
    "guarded": guarded,
    "strided": strided,
    "exchange-global": exchange_global,
    "exchange-local": exchange_local,
    "tiled-copy": tiled_copy,
    "reduction": reduction,
    "leader-global": leader_global,
    "leader-local": leader_local,
    "smoothing": smoothing,
    "helpers": helpers,
    "thread0-loop": thread0_loop,
    "arith": arith,
    "jumps": jumps,
    "odd-even": odd_even,
    "uniform-branch": uniform_branch,
    "stencil": stencil,
    "levels": levels,
    "shares": shares,
    "prefix": prefix,
}


@st.composite
def kernels(draw, patterns=tuple(PATTERNS)) -> str:
    """A strategy of PVL texts, each one small annotated kernel (see the module doc)."""
    name = draw(st.sampled_from(list(patterns)))
    return PATTERNS[name](draw)
