/**
 * Properties of the glob matcher on random patterns:
 * - it agrees with a direct (slow, set-of-end-offsets) reading of the pattern's meaning, for
 *   whole matches, prefixes, suffixes and leftmost-longest searches;
 * - on adversarial text ("aaaa…ab") its work, counted by the meter, stays within a bound
 *   proportional to pattern size × text length: no pattern makes it backtrack.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { matchPattern, removePattern, replacePattern } from "../../src/expansion/Pattern.js"
import type { WorkMeter } from "../../src/limits/Budget.js"

type Node =
  | { readonly kind: "lit"; readonly char: string }
  | { readonly kind: "any" }
  | { readonly kind: "star" }
  | { readonly kind: "set"; readonly chars: string; readonly negated: boolean }
  | { readonly kind: "group"; readonly op: "?" | "*" | "+" | "@" | "!"; readonly alternatives: ReadonlyArray<ReadonlyArray<Node>> }

const ALPHABET = ["a", "b", "."]

const node: fc.Memo<Node> = fc.memo((depth) =>
  depth <= 1
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ALPHABET).map((char): Node => ({ kind: "lit", char })) },
        { weight: 1, arbitrary: fc.constant<Node>({ kind: "any" }) },
        { weight: 2, arbitrary: fc.constant<Node>({ kind: "star" }) },
        { weight: 1, arbitrary: fc.record({ chars: fc.constantFrom("a", "ab", "b."), negated: fc.boolean() }).map((s): Node => ({ kind: "set", ...s })) }
      )
    : fc.oneof(
        { weight: 3, arbitrary: node(1) },
        {
          weight: 2,
          arbitrary: fc
            .record({
              op: fc.constantFrom<"?" | "*" | "+" | "@" | "!">("?", "*", "+", "@", "!"),
              alternatives: fc.array(fc.array(node(depth - 1), { maxLength: 3 }), { minLength: 1, maxLength: 3 })
            })
            .map((g): Node => ({ kind: "group", ...g }))
        }
      )
)

const pattern = fc.array(node(3), { maxLength: 6 })

const print = (nodes: ReadonlyArray<Node>): string =>
  nodes
    .map((n) => {
      switch (n.kind) {
        case "lit":
          return n.char
        case "any":
          return "?"
        case "star":
          return "*"
        case "set":
          return `[${n.negated ? "!" : ""}${n.chars}]`
        case "group":
          return `${n.op}(${n.alternatives.map(print).join("|")})`
      }
    })
    // A star followed by a group prefix would read as one token (`**(`): keep them apart.
    .reduce((out, piece) => (out.endsWith("*") && /^[?*+@!]\(/.test(piece) ? `${out}@()${piece}` : out + piece), "")

/** The offsets where `nodes` can end when started at `start` (the pattern's meaning, computed naively). */
const ends = (nodes: ReadonlyArray<Node>, text: string, start: number): Set<number> => {
  let current = new Set([start])
  for (const n of nodes) {
    const next = new Set<number>()
    for (const i of current) for (const j of nodeEnds(n, text, i)) next.add(j)
    current = next
  }
  return current
}

const alternativesEnds = (alternatives: ReadonlyArray<ReadonlyArray<Node>>, text: string, start: number): Set<number> => {
  const out = new Set<number>()
  for (const alt of alternatives) for (const j of ends(alt, text, start)) out.add(j)
  return out
}

const nodeEnds = (n: Node, text: string, i: number): Set<number> => {
  switch (n.kind) {
    case "lit":
      return new Set(text[i] === n.char ? [i + 1] : [])
    case "any":
      return new Set(i < text.length ? [i + 1] : [])
    case "star":
      return new Set(Array.from({ length: text.length - i + 1 }, (_, k) => i + k))
    case "set":
      return new Set(i < text.length && n.chars.includes(text[i]!) !== n.negated ? [i + 1] : [])
    case "group": {
      if (n.op === "@") return alternativesEnds(n.alternatives, text, i)
      if (n.op === "?") return new Set([i, ...alternativesEnds(n.alternatives, text, i)])
      if (n.op === "!") {
        const inner = alternativesEnds(n.alternatives, text, i)
        return new Set(Array.from({ length: text.length - i + 1 }, (_, k) => i + k).filter((j) => !inner.has(j)))
      }
      // `*` and `+`: repeat until no new end appears.
      const reached = new Set<number>(n.op === "*" ? [i] : [])
      let frontier = [i]
      while (frontier.length > 0) {
        const next: Array<number> = []
        for (const from of frontier) {
          for (const j of alternativesEnds(n.alternatives, text, from)) {
            if (!reached.has(j)) {
              reached.add(j)
              next.push(j)
            }
          }
        }
        frontier = next
      }
      return reached
    }
  }
}

const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 8 }).map((chars) => chars.join(""))

describe("the matcher agrees with the pattern's meaning", () => {
  it("whole match, prefixes and suffixes", () => {
    fc.assert(
      fc.property(pattern, text, (nodes, subject) => {
        const source = print(nodes)
        const o = { extglob: true }
        const n = subject.length
        expect(matchPattern(source, subject, o)).toBe(ends(nodes, subject, 0).has(n))
        const prefixEnds = [...ends(nodes, subject, 0)].sort((a, b) => a - b)
        const shortest = prefixEnds[0] ?? 0
        const longest = prefixEnds[prefixEnds.length - 1] ?? 0
        expect(removePattern(subject, source, "prefix", false, o)).toBe(subject.slice(shortest))
        expect(removePattern(subject, source, "prefix", true, o)).toBe(subject.slice(longest))
        const suffixStarts = Array.from({ length: n + 1 }, (_, s) => s).filter((s) => ends(nodes, subject, s).has(n))
        const longestSuffix = suffixStarts[0] ?? n
        const shortestSuffix = suffixStarts[suffixStarts.length - 1] ?? n
        expect(removePattern(subject, source, "suffix", true, o)).toBe(subject.slice(0, longestSuffix))
        expect(removePattern(subject, source, "suffix", false, o)).toBe(subject.slice(0, shortestSuffix))
      }),
      { numRuns: 3000 }
    )
  })

  it("the first replacement is the leftmost match, longest there", () => {
    fc.assert(
      fc.property(pattern, text.filter((t) => t !== ""), (nodes, subject) => {
        const source = print(nodes)
        if (source === "") return
        let expected = subject
        for (let s = 0; s <= subject.length; s++) {
          const found = [...ends(nodes, subject, s)]
          if (found.length === 0) continue
          const e = Math.max(...found)
          expected = `${subject.slice(0, s)}<${subject.slice(s, e)}>${subject.slice(e)}`
          break
        }
        expect(replacePattern(subject, source, (m) => `<${m}>`, "first", { extglob: true })).toBe(expected)
      }),
      { numRuns: 3000 }
    )
  })
})

/** A meter that counts the work it is charged. */
const counter = (): WorkMeter & { units: number } => {
  const meter = {
    units: 0,
    step: (units: number) => {
      meter.units += units
    }
  }
  return meter
}

describe("matching work is bounded by pattern size × text length", () => {
  // Per pattern character and text character, a constant number of state visits (a `!()`
  // keeps a few inner runs per distinct configuration; nesting depth is at most 3 here).
  const BOUND = 20

  it("on adversarial text", () => {
    fc.assert(
      fc.property(pattern, fc.integer({ min: 20, max: 200 }), fc.constantFrom("b", "", "ab", "."), (nodes, n, tail) => {
        const source = print(nodes)
        const subject = "a".repeat(n) + tail
        const limit = BOUND * (source.length + 1) * (subject.length + 1)
        const o = { extglob: true }
        for (const operation of [
          (meter: WorkMeter) => matchPattern(source, subject, { ...o, meter }),
          (meter: WorkMeter) => removePattern(subject, source, "prefix", true, { ...o, meter }),
          (meter: WorkMeter) => removePattern(subject, source, "suffix", true, { ...o, meter }),
          (meter: WorkMeter) => replacePattern(subject, source, "", "first", { ...o, meter })
        ]) {
          const meter = counter()
          operation(meter)
          expect(meter.units).toBeLessThanOrEqual(limit)
        }
      }),
      { numRuns: 500 }
    )
  })

  it("the classic exponential patterns stay linear", () => {
    const subject = `${"a".repeat(2000)}c`
    const cases: ReadonlyArray<[string, boolean]> = [
      ["*a*a*a*a*a*a*a*a*a*b", false],
      ["*(a|aa)b", false],
      ["+(a|aa|aaa)b", false],
      ["*(*(a))b", false],
      ["!(*a*a*b)", true],
      ["@(a|aa)*(a|aa)*(a|aa)b", false],
      ["+(!(b))b", false],
      ["*(a|aa)c", true]
    ]
    for (const [source, matches] of cases) {
      const meter = counter()
      expect(matchPattern(source, subject, { extglob: true, meter })).toBe(matches)
      expect(meter.units).toBeLessThanOrEqual(BOUND * (source.length + 1) * (subject.length + 1))
    }
  })
})
