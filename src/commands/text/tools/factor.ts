/** `factor`: prime factors of each number (arguments, or whitespace-separated on stdin). */
import { Effect } from "effect"
import { defineCommand, type CommandContext } from "../../Command.js"
import type { ParsedArgs } from "../../support/args.js"
import { decodeText } from "../../support/io.js"
import { withArgs, type Run } from "./common.js"
import { unmetered, type WorkMeter } from "../../../limits/Budget.js"

const modPow = (base: bigint, exponent: bigint, modulus: bigint): bigint => {
  let result = 1n
  let b = base % modulus
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus
    b = (b * b) % modulus
    e >>= 1n
  }
  return result
}

/** Miller-Rabin with enough fixed bases to be exact below 3.3e24, probabilistic above. */
const isPrime = (n: bigint): boolean => {
  if (n < 2n) return false
  for (const p of [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n]) {
    if (n === p) return true
    if (n % p === 0n) return false
  }
  let d = n - 1n
  let s = 0
  while ((d & 1n) === 0n) {
    d >>= 1n
    s++
  }
  witness: for (const a of [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n]) {
    let x = modPow(a, d, n)
    if (x === 1n || x === n - 1n) continue
    for (let r = 1; r < s; r++) {
      x = (x * x) % n
      if (x === n - 1n) continue witness
    }
    return false
  }
  return true
}

const gcd = (a: bigint, b: bigint): bigint => {
  while (b !== 0n) [a, b] = [b, a % b]
  return a < 0n ? -a : a
}

/** A non-trivial factor of a composite `n` (Pollard's rho, Brent's variant). */
const rho = (n: bigint, meter: WorkMeter): bigint => {
  if (n % 2n === 0n) return 2n
  for (let c = 1n; ; c++) {
    let x = 2n
    let y = 2n
    let d = 1n
    while (d === 1n) {
      // A bigint step costs microseconds: charged so a hard semiprime stops at the deadline.
      meter.step(BIGINT_STEP)
      x = (x * x + c) % n
      y = (y * y + c) % n
      y = (y * y + c) % n
      d = gcd(x - y, n)
    }
    if (d !== n) return d
  }
}

/** Work units of one round of rho on big integers (a unit is ~10-50 ns). */
const BIGINT_STEP = 64

export const primeFactors = (n: bigint, meter: WorkMeter = unmetered): Array<bigint> => {
  const out: Array<bigint> = []
  for (const p of [2n, 3n, 5n, 7n, 11n, 13n]) {
    while (n % p === 0n && n > 1n) {
      out.push(p)
      n /= p
    }
  }
  for (let p = 17n; p * p <= n && p < 10000n; p += 2n) {
    while (n % p === 0n) {
      out.push(p)
      n /= p
    }
  }
  const stack = n > 1n ? [n] : []
  while (stack.length > 0) {
    const m = stack.pop()!
    if (isPrime(m)) out.push(m)
    else {
      const f = rho(m, meter)
      stack.push(f, m / f)
    }
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

const run = (ctx: CommandContext, args: ParsedArgs): Run =>
  Effect.gen(function* () {
    const words = args.operands.length > 0 ? args.operands : decodeText(yield* ctx.stdin.readAll).split(/\s+/).filter((w) => w !== "")
    let status = 0
    for (const word of words) {
      const digits = word.replace(/^\+/, "")
      if (!/^\d+$/.test(digits)) {
        yield* ctx.stderr.write(`factor: '${word}' is not a valid positive integer\n`)
        status = 1
        continue
      }
      const n = BigInt(digits)
      const factors = n < 2n ? [] : primeFactors(n, ctx.budget)
      yield* ctx.stdout.write(`${n}:${factors.map((f) => ` ${f}`).join("")}\n`)
      yield* ctx.budget.checkpoint
    }
    return status
  })

export const factorCommand = defineCommand("factor", (ctx) =>
  withArgs(ctx, [], "factor [NUMBER]...\n  or:  factor OPTION", (args) => run(ctx, args))
)
