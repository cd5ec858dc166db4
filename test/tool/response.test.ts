import { it } from "@effect/vitest"
import { describe, expect } from "vitest"
import { formatSeconds, timeoutResult } from "../../src/tool/response.js"

describe("timeout text (§4.2: Rust {:.1}, half-to-even on the exact binary value)", () => {
  it.each([
    [250, "0.2"],
    [1250, "1.2"],
    [350, "0.3"],
    [50, "0.1"],
    [49, "0.0"],
    [0, "0.0"],
    [5000, "5.0"],
    [30000, "30.0"],
    [2750, "2.8"],
    [999, "1.0"],
    [123456789, "123456.8"]
  ])("%d ms → %ss", (ms, text) => {
    expect(formatSeconds(ms)).toBe(text)
  })

  it("the timeout result drops output and reports exit 124", () => {
    expect(timeoutResult(5000)).toEqual({ error: "timeout", exit_code: 124, stderr: "bashkit: execution timed out after 5.0s\n", stdout: "" })
  })
})
