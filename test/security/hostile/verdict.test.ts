import { describe, expect, it } from "vitest"
import type { IsolatedResult } from "../../support/isolatedProtocol.js"
import { bounds } from "./policy.js"
import type { Attack, AttackMeasure } from "./types.js"
import { verdict } from "./verdict.js"

/** The judge of the hostile suite: each bound it holds an outcome to, checked on made-up measurements. */

const attack: Attack = { id: "a", category: "command-loop", script: "yes | sort", limits: { timeoutMs: 600, maxMemoryBytes: 32 * 1024 * 1024 }, expect: { status: [124, 126], stdoutNot: /after/ } }

const measure = (overrides: Partial<AttackMeasure> = {}): AttackMeasure => ({
  id: "a",
  stdout: "",
  stderr: "bash: memory limit exceeded\n",
  exitCode: 126,
  interrupted: false,
  elapsedMs: 300,
  timeoutMs: 600,
  rssBeforeMb: 100,
  peakRssMb: 120,
  loopDelayMs: 5,
  echoMs: 10,
  echoCount: 10,
  ...overrides
})

const result = (value: AttackMeasure): IsolatedResult => ({ id: "a", stdout: "", stderr: "", exitCode: 0, value, elapsedMs: 0, maxEventLoopDelayMs: 0, peakRssMb: 0 })

describe("hostile verdict", () => {
  it("accepts an outcome within every bound", () => {
    expect(verdict(attack, result(measure()))).toEqual([])
  })

  it("reports a kill, a rejected exec and an escape", () => {
    expect(verdict(attack, { id: "a", killed: "timeout", detail: "no answer within 3600 ms", elapsedMs: 3600 })[0]).toMatch(/killed \(timeout\)/)
    expect(verdict(attack, result(measure({ rejected: "FiberFailure: boom" })))[0]).toMatch(/rejected/)
    expect(verdict(attack, result(measure({ polluted: "a JavaScript prototype changed" })))[0]).toMatch(/escape/)
  })

  it("holds status, output, time, memory, event loop and fairness to their bounds", () => {
    const problems = verdict(
      attack,
      result(measure({ exitCode: 0, stdout: "after\n", elapsedMs: 600 + bounds.overrunMs + 1, peakRssMb: 100 + 64 + bounds.rssConstantMb + 1, loopDelayMs: bounds.loopDelayMs + 1, echoMs: bounds.echoMs + 1 }))
    )
    expect(problems.map((p) => p.split(" ")[0])).toEqual(["status", "stdout", "ran", "peak", "event", "a"])
  })

  it("measures cancellation from the cancel, and requires the exec to have been cancelled", () => {
    const cancelled: Attack = { ...attack, cancel: { kind: "abort", atMs: 200 }, expect: { status: [130] } }
    expect(verdict(cancelled, result(measure({ exitCode: 130, elapsedMs: 250, stopMs: 50 })))).toEqual([])
    expect(verdict(cancelled, result(measure({ exitCode: 130, elapsedMs: 200 + bounds.stopMs + 10, stopMs: bounds.stopMs + 10 })))[0]).toMatch(/after the abort/)
    expect(verdict(cancelled, result(measure({ exitCode: 0, elapsedMs: 100 }))).join()).toMatch(/before the abort/)
  })

  it("checks what a host directory holds", () => {
    const host: Attack = { ...attack, hostFs: "hostDir", expect: { status: [1], hostBytesAtMost: 1000 } }
    const problems = verdict(host, result(measure({ exitCode: 1, host: { bytes: 5000, files: 1, depth: 1, outsideTouched: true } })))
    expect(problems).toEqual(["escape: something beside the host root changed", "the host directory holds 5000 bytes (limit 1000)"])
  })
})
