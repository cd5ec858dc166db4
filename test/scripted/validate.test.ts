import { describe, expect, it } from "vitest"
import { validate } from "../../src/scripted/internal/validate.js"

const cases: ReadonlyArray<readonly [string, unknown, unknown, string | undefined]> = [
  ["empty schema accepts anything", {}, { a: 1 }, undefined],
  ["integer type", { properties: { id: { type: "integer" } } }, { id: "abc" }, "input.id must be integer"],
  ["integer rejects fractions", { properties: { id: { type: "integer" } } }, { id: 1.5 }, "input.id must be integer"],
  ["number accepts integers", { properties: { n: { type: "number" } } }, { n: 3 }, undefined],
  ["type union text", { properties: { n: { type: ["integer", "null"] } } }, { n: "x" }, "input.n must be integer or null"],
  ["unknown type names match anything", { properties: { n: { type: "whatever" } } }, { n: "x" }, undefined],
  ["root type", { type: "object" }, [1], "input must be object"],
  ["array items path", { properties: { arr: { type: "array", items: { type: "integer" } } } }, { arr: [1, "x"] }, "input.arr[1] must be integer"],
  ["nested object path", { properties: { o: { type: "object", properties: { k: { type: "string" } } } } }, { o: { k: 1 } }, "input.o.k must be string"],
  ["enum", { properties: { a: { enum: ["x", "y"] } } }, { a: "z" }, "input.a is not an allowed value"],
  ["enum deep equality", { properties: { a: { enum: [{ k: [1] }] } } }, { a: { k: [1] } }, undefined],
  ["required has no path", { required: ["id"], properties: { o: { type: "object", required: ["k"] } } }, {}, "required property 'id' is missing"],
  ["nested required has no path", { properties: { o: { type: "object", required: ["k"] } } }, { o: {} }, "required property 'k' is missing"],
  ["additionalProperties false, first sorted", { properties: { a: {} }, additionalProperties: false }, { z: 1, b: 2, a: 3 }, "unknown property 'b'"],
  ["schema-valued additionalProperties not enforced", { properties: {}, additionalProperties: { type: "string" } }, { z: 1 }, undefined],
  ["oneOf is not exclusive", { properties: { v: { oneOf: [{ type: "integer" }, { type: "number" }] } } }, { v: 1 }, undefined],
  ["oneOf no branch", { properties: { v: { oneOf: [{ type: "integer" }, { type: "boolean" }] } } }, { v: "s" }, "input.v does not match any oneOf branch"],
  ["anyOf no branch", { properties: { v: { anyOf: [{ type: "integer" }] } } }, { v: "s" }, "input.v does not match any anyOf branch"],
  ["allOf first error", { properties: { v: { allOf: [{ type: "integer" }, { enum: [1] }] } } }, { v: 2 }, "input.v is not an allowed value"],
  ["min/max not enforced", { properties: { v: { type: "integer", minimum: 10, maxLength: 1, pattern: "^a$" } } }, { v: 1 }, undefined],
  ["$ref resolved (0.18)", { properties: { c: { $ref: "#/$defs/count" } }, $defs: { count: { type: "integer" } } }, { c: "x" }, "input.c must be integer"],
  ["required before nested properties", { type: "object", required: ["b"], properties: { a: { type: "string" } } }, { a: 5 }, "required property 'b' is missing"]
]

describe("validate (§2.7)", () => {
  for (const [name, schema, value, expected] of cases) {
    it(name, () => expect(validate(value as never, schema as never)).toBe(expected))
  }
})
