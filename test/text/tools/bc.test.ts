import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { bcCommand } from "../../../src/commands/text/tools/bc/index.js"
import { runCommand } from "../../support/commandHarness.js"

const hostBc = existsSync("/usr/bin/bc") ? "/usr/bin/bc" : undefined

// [args, stdin, expected stdout]
const cases: ReadonlyArray<readonly [ReadonlyArray<string>, string, string]> = [
  [[], "1+2\n", "3\n"],
  [[], "scale=2; 10/3\n", "3.33\n"],
  [[], "scale=2; 100.50 * 1.0825\n", "108.7912\n"],
  [[], "2^10\n-2^2\n2^-2\nscale=3;2^-2\n", "1024\n4\n0\n.250\n"],
  [[], "-0.5\n.5+0\n0.00\n1.00-1\n", "-.5\n.5\n0\n0\n"],
  [[], "scale=2; 10.5 % 3\n-3%2\nscale=0; -3%2\n", "0\n0\n-1\n"],
  [[], "obase=16; 255.5\nobase=20; 12345.678\nobase=2; -5\n", "FF.8\n 01 10 17 05.13 11 04\n-101\n"],
  [[], "scale=5;obase=2;1/3\n", ".01010101010101010\n"],
  [[], "ibase=16;FF;A\n1G\n", "255\n10\n31\n"],
  [[], "1A\n", "19\n"],
  [[], "a=5;a++;++a;a\n", "5\n7\n7\n"],
  [[], "a=3<4; a\n", "1\n3\n"],
  [[], "length(123.450); scale(1.50); length(0.001)\n", "6\n2\n3\n"],
  [[], "sqrt(2)\nscale=4; sqrt(2)\n", "1\n1.4142\n"],
  [[], "define f(x){return x*2}\nf(3)\n", "6\n"],
  [[], "define f(n) {\n auto i, r\n r = 1\n for (i = 2; i <= n; i++) r *= i\n return r\n}\nf(20)\n", "2432902008176640000\n"],
  [[], "for(i=0;i<3;i++)i\n", "0\n1\n2\n"],
  [[], "i=0; while (1) { if (i > 2) break; i; i += 1 }\n", "0\n1\n2\n"],
  [[], 'print "a\\n", 5, "\\n"\n"abc"\n', "a\n5\nabc"],
  [[], "1;quit;2\n", ""],
  [[], "1\nquit\n2\n", "1\n"],
  [[], "/* c */ 1 + \\\n 2 # x\n", "3\n"],
  [[], "2^400\n", ""],
  [["-l"], "s(1)\nc(1)\na(1)\nl(2)\ne(1)\nj(1,2)\nscale\n", ""],
  [["-l"], "e(-1)\nl(0.5)\ns(100)\na(-0.5)\nj(0,10)\ne(50)\nl(0)\n", ""],
  [[], "1/0\n5\n", "5\n"],
  [[], "x=7;x+=3;x-=1;x*=2;x/=4;x%=3;x^=2;x\n", ""],
  [[], "!0;!5;1 == 1 && 0;0||2\n", "1\n0\n0\n1\n"],
  [[], "zz[2]=1;zz[2]+zz[3]\n", "1\n"],
  [["-l"], "scale=5; e(10); l(100); s(-2); c(0)\n", "22026.46579\n4.60517\n-.90929\n1.00000\n"],
  [["-l"], "scale=0;s(1);c(1);e(1);l(10);a(1)\nscale=60;e(1);l(3);s(0.3)\n", ""],
  [[], "define f(n){ if (n<2) return n; return f(n-1)+f(n-2) }\nf(15)\n", "610\n"],
  [[], "define h(q[]){q[2]=5;return q[2]}\nzz[2]=1\nh(zz[])\nzz[2]\n", "5\n1\n"],
  [[], "obase=16\n-255.75\n0.5\n", "-FF.C0\n.8\n"],
  [[], "ibase=2\n1010.11\n", "10.75\n"],
  [[], "if (0) {\n1\n} else {\n2\n}\n", "2\n"],
  [[], "1+2;3\n4 5\n6\n", "3\n3\n6\n"],
  [[], "print 2^300, \"\\n\"\n", ""],
  [[], "define f(*a[]){a[0]=9}\nb[0]=1\nf(b[])\nb[0]\n", "0\n9\n"],
  [[], "define f(a[]){a[0]=9}\nb[0]=1\nf(b[])\nb[0]\n", "0\n1\n"],
  [[], "5\n.+1\nlast*2\n", "5\n6\n12\n"],
  [[], "scale=100; 1/3\nobase=17; 2^200\n", ""],
  [[], "limits\n", ""]
]

const oracle = (args: ReadonlyArray<string>, stdin: string): string =>
  execFileSync(hostBc!, [...args], { input: stdin, encoding: "utf8", stdio: ["pipe", "pipe", "ignore"] })

describe("bc", () => {
  for (const [args, stdin, expected] of cases) {
    it(`bc ${args.join(" ")} <<< ${JSON.stringify(stdin)}`, async () => {
      const result = await runCommand(bcCommand, args, { stdin })
      if (expected !== "") expect(result.stdout).toBe(expected)
      if (hostBc) expect(result.stdout).toBe(oracle(args, stdin))
      else expect(expected).not.toBe("")
    })
  }

  it("reports divide by zero on stderr and keeps going", async () => {
    const result = await runCommand(bcCommand, [], { stdin: "1/0; 2\n3\n" })
    expect(result.stdout).toBe("3\n")
    expect(result.stderr).toMatch(/^Runtime error \(func=\(main\), adr=\d+\): Divide by zero\n$/)
    expect(result.exitCode).toBe(0)
  })

  it("reports syntax errors with the line number", async () => {
    const result = await runCommand(bcCommand, [], { stdin: "1+\n2\n" })
    expect(result.stderr).toBe("(standard_in) 2: syntax error\n")
    expect(result.stdout).toBe("2\n")
  })

  it("reports illegal characters and runtime warnings as GNU does", async () => {
    const illegal = await runCommand(bcCommand, [], { stdin: "1 @ 2\n3\n" })
    expect(illegal.stderr).toBe("(standard_in) 1: illegal character: @\n(standard_in) 1: syntax error\n")
    expect(illegal.stdout).toBe("3\n")
    const warned = await runCommand(bcCommand, [], { stdin: "scale=-1\na[-1]\nscale\n" })
    expect(warned.stderr.replace(/adr=\d+/g, "adr=N")).toBe(
      "Runtime warning (func=(main), adr=N): negative scale, set to 0\nRuntime error (func=(main), adr=N): Array a subscript out of bounds.\n"
    )
    expect(warned.stdout).toBe("0\n")
  })

  it("rejects unknown options with status 1", async () => {
    const result = await runCommand(bcCommand, ["-x"], { stdin: "" })
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toBe("bc: invalid option -- 'x'\n")
    expect(result.stdout).toMatch(/^usage: bc/)
  })

  it("reads file operands before stdin, and fails on a missing file", async () => {
    const ok = await runCommand(bcCommand, ["/p.bc"], { stdin: "x+1\n", files: { "/p.bc": "x=41\n" } })
    expect(ok.stdout).toBe("42\n")
    const missing = await runCommand(bcCommand, ["nofile"], { stdin: "" })
    expect(missing.stderr).toBe("File nofile is unavailable.\n")
    expect(missing.exitCode).toBe(1)
  })

  it("wraps long lines at BC_LINE_LENGTH and not at all when it is 0", async () => {
    const wrapped = await runCommand(bcCommand, [], { stdin: "2^300\n" })
    expect(wrapped.stdout.split("\n")[0]).toHaveLength(69)
    expect(wrapped.stdout.split("\n")[0]!.endsWith("\\")).toBe(true)
    const flat = await runCommand(bcCommand, [], { stdin: "2^300\n", env: { BC_LINE_LENGTH: "0" } })
    expect(flat.stdout).toBe(`${(2n ** 300n).toString()}\n`)
  })

  it("stops an endless loop with the sandbox's step budget", async () => {
    const result = await runCommand(bcCommand, [], { stdin: "while(1){}\n" })
    expect(result.exitCode).not.toBe(0)
    expect(result.stdout).toBe("")
  })

  it("refuses huge powers instead of hanging", async () => {
    const result = await runCommand(bcCommand, [], { stdin: "2^100000000\n1\n" })
    expect(result.stderr).toMatch(/exponent too large/)
    expect(result.stdout).toBe("1\n")
  })
})
