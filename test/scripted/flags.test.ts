import { describe, expect, it } from "vitest"
import { parseFlags } from "../../src/scripted/internal/flags.js"
import { usage } from "../../src/scripted/internal/schemaTypes.js"

const schema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    n: { type: "number" },
    v: { type: "string" },
    flag: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    ids: { type: "array", items: { type: "integer" } },
    srv: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" }, enabled: { type: "boolean" } } },
    servers: { type: "array", items: { type: "object", properties: { name: { type: "string" }, port: { type: "integer" } } } },
    ref: { $ref: "#/$defs/count" },
    oldref: { $ref: "#/definitions/a~1b" },
    union: { type: ["null", "integer"] },
    anyArr: { anyOf: [{ type: "string" }, { type: "array", items: { type: "integer" } }] }
  },
  $defs: { count: { type: "integer" } },
  definitions: { "a/b": { type: "boolean" } }
}

const ok: ReadonlyArray<readonly [string, ReadonlyArray<string>, unknown]> = [
  ["integer value", ["--id", "42"], { id: 42 }],
  ["key=value form", ["--id=7"], { id: 7 }],
  ["plus sign", ["--id", "+5"], { id: 5 }],
  ["minus sign", ["--id", "-5"], { id: -5 }],
  ["exponent stays string", ["--id", "1e3"], { id: "1e3" }],
  ["leading space stays string", ["--id", " 5"], { id: " 5" }],
  ["hex stays string", ["--id", "0x10"], { id: "0x10" }],
  ["fraction stays string", ["--id", "1.5"], { id: "1.5" }],
  ["out of i64 range stays string", ["--id", "99999999999999999999"], { id: "99999999999999999999" }],
  ["number exponent", ["--n", "1e3"], { n: 1000 }],
  ["number leading dot", ["--n", ".5"], { n: 0.5 }],
  ["number inf is null", ["--n", "inf"], { n: null }],
  ["number nan is null", ["--n", "NaN"], { n: null }],
  ["number garbage stays string", ["--n", "abc"], { n: "abc" }],
  ["boolean alone", ["--flag"], { flag: true }],
  ["boolean =false", ["--flag=false"], { flag: false }],
  ["boolean =no", ["--flag=no"], { flag: false }],
  ["boolean =yes", ["--flag=yes"], { flag: true }],
  ["boolean =True is a string", ["--flag=True"], { flag: "True" }],
  ["array split on commas", ["--tags", "a,b"], { tags: ["a", "b"] }],
  ["array keeps empty parts", ["--tags", ","], { tags: ["", ""] }],
  ["array repeats append", ["--tags", "a,b", "--tags", "c"], { tags: ["a", "b", "c"] }],
  ["array json then scalar", ["--tags", '["x"]', "--tags", "y"], { tags: ["x", "y"] }],
  ["array items coerced", ["--ids", "1,2,x"], { ids: [1, 2, "x"] }],
  ["array =value is not split", ["--tags=a,b"], { tags: "a,b" }],
  ["array =json", ["--ids=[1,2]"], { ids: [1, 2] }],
  ["array bad json replaces", ["--tags", "[oops"], { tags: "[oops" }],
  ["array json not an array replaces", ["--tags", " [1"], { tags: " [1" }],
  ["object key=value group", ["--srv", "name=a", "port=8080", "enabled=true"], { srv: { name: "a", port: 8080, enabled: true } }],
  ["object json", ["--srv", '{"name":"foo"}'], { srv: { name: "foo" } }],
  ["object without value is true", ["--srv"], { srv: true }],
  ["object before flag is true", ["--srv", "--id", "1"], { srv: true, id: 1 }],
  ["object plain word is a string", ["--srv", "plain"], { srv: "plain" }],
  ["array of objects json", ["--servers", '{"name":"a"}', "--servers", "name=b", "port=1"], { servers: [{ name: "a" }, { name: "b", port: 1 }] }],
  ["array of objects bad json", ["--servers", "{bad"], { servers: "{bad" }],
  ["string next is flag gives true", ["--v", "--id", "3"], { v: true, id: 3 }],
  ["last wins", ["--id", "1", "--id", "2"], { id: 2 }],
  ["double dash is empty key", ["--", "--v", "x"], { "": true, v: "x" }],
  ["unknown flag keeps string", ["--extra", "3"], { extra: "3" }],
  ["unknown flag alone is true", ["--extra"], { extra: true }],
  ["$ref to $defs", ["--ref", "9"], { ref: 9 }],
  ["$ref to definitions with ~1", ["--oldref"], { oldref: true }],
  ["type union takes first non-null", ["--union", "3"], { union: 3 }],
  ["anyOf prefers aggregate (items read from the property itself)", ["--anyArr", "1,2"], { anyArr: ["1", "2"] }]
]

const errors: ReadonlyArray<readonly [string, ReadonlyArray<string>, string]> = [
  ["positional", ["42"], "expected --flag, got: 42"],
  ["short flag", ["-x"], "expected --flag, got: -x"],
  ["boolean never takes a value", ["--flag", "false"], "expected --flag, got: false"],
  ["array needs a value", ["--tags"], "--tags: missing value"],
  ["array value may not be a flag", ["--tags", "--id"], "--tags: missing value"],
  ["array of objects plain word", ["--servers", "plain"], "--servers: expected JSON or key=value pairs, got 'plain'"],
  ["group token without =", ["--srv", "name=a", "oops"], "--srv: expected --flag or key=value, got 'oops'"],
  ["group unknown key", ["--srv", "nam=a"], "--srv: unknown key 'nam'; valid keys: enabled, name, port"],
  ["pair after a json object", ["--srv", '{"name":"foo"}', "name=bar"], "expected --flag, got: name=bar"]
]

describe("parseFlags (§2.5)", () => {
  for (const [name, argv, expected] of ok) {
    it(name, () => expect(parseFlags(argv, schema)).toEqual({ ok: true, params: expected }))
  }
  for (const [name, argv, message] of errors) {
    it(`error: ${name}`, () => expect(parseFlags(argv, schema)).toEqual({ ok: false, message }))
  }

  it("without a schema everything is a string", () => {
    expect(parseFlags(["--count", "3", "--on"], {})).toEqual({ ok: true, params: { count: "3", on: true } })
  })

  it("additionalProperties:false rejects unknown flags (0.18)", () => {
    const closed = { type: "object", properties: { b: { type: "string" }, a: { type: "string" } }, additionalProperties: false }
    expect(parseFlags(["--extra", "1"], closed)).toEqual({ ok: false, message: "unknown flag: --extra (expected one of: --a, --b)" })
  })

  it("caps the total value bytes at 65536", () => {
    const big = "x".repeat(40000)
    expect(parseFlags(["--v", big, "--extra", big], schema)).toEqual({ ok: false, message: "--extra: parsed flag data exceeds 65536 bytes" })
    expect(parseFlags(["--v", "é".repeat(32769)], schema)).toEqual({ ok: false, message: "--v: parsed flag data exceeds 65536 bytes" })
  })

  it("caps arrays at 4096 items", () => {
    expect(parseFlags(["--tags", Array(4097).fill("a").join(",")], schema)).toEqual({ ok: false, message: "--tags: array flag has 4097 items; maximum is 4096" })
    const half = Array(2048).fill("a").join(",")
    expect(parseFlags(["--tags", half, "--tags", half], schema).ok).toBe(true)
    expect(parseFlags(["--tags", half, "--tags", half, "--tags", "b"], schema)).toEqual({ ok: false, message: "--tags: array flag has 4097 items; maximum is 4096" })
  })

  it("a __proto__ flag is an ordinary key", () => {
    const result = parseFlags(["--__proto__", "x"], {})
    expect(result.ok && Object.keys(result.params)).toEqual(["__proto__"])
  })

  it("a $ref cycle is an unknown type", () => {
    const cyclic = { properties: { a: { $ref: "#/$defs/x" } }, $defs: { x: { $ref: "#/$defs/x" } } }
    expect(parseFlags(["--a", "1"], cyclic)).toEqual({ ok: true, params: { a: "1" } })
  })
})

describe("usage (§2.3)", () => {
  const cases: ReadonlyArray<readonly [string, unknown, string | undefined]> = [
    ["no properties", {}, undefined],
    ["empty properties", { properties: {} }, undefined],
    ["sorted keys and hints", { properties: { z: { type: "string" }, a: { type: "integer" }, m: { type: "number" }, b: { type: "boolean" } } }, "--a <integer> --b <boolean> --m <number> --z <string>"],
    ["object and arrays", { properties: { o: { type: "object" }, l: { type: "array", items: { type: "object" } }, s: { type: "array", items: { type: "string" } } } }, "--l <json|key=value...> --o <json|key=value...> --s <json|a,b,c>"],
    ["unknown type name", { properties: { x: { type: "null" }, y: {} } }, "--x <null> --y <value>"]
  ]
  for (const [name, s, expected] of cases) it(name, () => expect(usage(s as never)).toBe(expected))
})
