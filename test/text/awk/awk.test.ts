import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { awkCommands } from "../../../src/commands/text/awk/index.js"
import { runCommand } from "../../support/commandHarness.js"
import { runAwk, type AwkRun } from "./support.js"

interface Case extends AwkRun {
  readonly name: string
  readonly args: ReadonlyArray<string>
  readonly stdout: string
  readonly stderr?: string | RegExp
  readonly code?: number
}

const cases: ReadonlyArray<Case> = [
  // fields and records
  { name: "print fields", args: ["{print $2, $1}"], stdin: "a b c\n", stdout: "b a\n" },
  { name: "default FS trims blanks and tabs", args: ["{print NF, $1}"], stdin: "  a \t b  \n", stdout: "2 a\n" },
  { name: "single-char FS keeps empty fields", args: ["-F:", "{print NF; print $2}"], stdin: "a::c\n", stdout: "3\n\n" },
  { name: "-F '\\t'", args: ["-F", "\\t", "{print $2}"], stdin: "a b\tc\n", stdout: "c\n" },
  { name: "-Ft means tab", args: ["-Ft", "{print $2}"], stdin: "x\ty\n", stdout: "y\n" },
  { name: "regex FS", args: ["-F", "[,;]+", "{print $3}"], stdin: "a,,b;c\n", stdout: "c\n" },
  { name: "FS pipe is literal", args: ["-F|", "{print $2}"], stdin: "a|b\n", stdout: "b\n" },
  { name: "FS set in BEGIN", args: ["BEGIN{FS=\",\"} {print $2}"], stdin: "1,2\n", stdout: "2\n" },
  { name: "FS change applies to the next record", args: ["{FS=\",\"; print $1}"], stdin: "a,b c\nd,e f\n", stdout: "a,b\nd\n" },
  { name: "field assignment rebuilds $0 with OFS", args: ["BEGIN{OFS=\"-\"} {$2=\"X\"; print; print NF}"], stdin: "a b c\n", stdout: "a-X-c\n3\n" },
  { name: "assigning past NF extends", args: ["{$5=\"e\"; print; print NF}"], stdin: "a b\n", stdout: "a b   e\n5\n" },
  { name: "NF assignment truncates", args: ["{NF=2; print}"], stdin: "a b c d\n", stdout: "a b\n" },
  { name: "$0 assignment resplits", args: ["{$0=\"x y z\"; print NF, $3}"], stdin: "a\n", stdout: "3 z\n" },
  { name: "$(expr)", args: ["{i=1; print $(i+1), $NF, $(NF-1)}"], stdin: "a b c\n", stdout: "b c b\n" },
  { name: "fields beyond NF are empty", args: ["{print \"[\" $9 \"]\", NF}"], stdin: "a\n", stdout: "[] 1\n" },
  { name: "RS single char", args: ["BEGIN{RS=\";\"} {print NR\": \"$0}"], stdin: "a;b;c", stdout: "1: a\n2: b\n3: c\n" },
  { name: "paragraph mode", args: ["BEGIN{RS=\"\"} {print NR, NF, $1}"], stdin: "\n\na b\nc\n\n\nd\n\n", stdout: "1 3 a\n2 1 d\n" },
  { name: "paragraph mode splits fields at newlines", args: ["BEGIN{RS=\"\"; FS=\",\"} {print NF, $3}"], stdin: "a,b\nc,d\n", stdout: "4 c\n" },
  { name: "regex RS and RT", args: ["BEGIN{RS=\"[0-9]+\"} {print $0 \"|\" RT}"], stdin: "a1b22c", stdout: "a|1\nb|22\nc|\n" },
  { name: "last record without newline", args: ["{print NR\":\"$0}"], stdin: "a\nb", stdout: "1:a\n2:b\n" },
  { name: "ORS and OFS", args: ["BEGIN{ORS=\"|\"; OFS=\",\"} {print $1, $2}"], stdin: "a b\nc d\n", stdout: "a,b|c,d|" },

  { name: "FPAT fields (quoted CSV)", args: ["BEGIN{FPAT=\"([^,]*)|(\\\"[^\\\"]+\\\")\"} {print NF; print $2; print \"[\" $3 \"]\"}"], stdin: "a,\"b,c\",,d\n", stdout: "4\n\"b,c\"\n[]\n" },
  { name: "FIELDWIDTHS with skips and *", args: ["BEGIN{FIELDWIDTHS=\"3 2:2 *\"} {print NF, $1, $2, $3}"], stdin: "abcdefghij\n", stdout: "3 abc fg hij\n" },
  { name: "assigning FS after FPAT goes back to FS splitting", args: ["BEGIN{FPAT=\"[a-z]+\"; FS=\",\"} {print $2}"], stdin: "x,y\n", stdout: "y\n" },

  // patterns
  { name: "regex pattern", args: ["/b+/"], stdin: "abc\nxyz\nbb\n", stdout: "abc\nbb\n" },
  { name: "expression pattern", args: ["$1 > 2"], stdin: "1\n3\n10\n", stdout: "3\n10\n" },
  { name: "range pattern", args: ["/start/,/end/"], stdin: "a\nstart\nb\nend\nc\nstart\n", stdout: "start\nb\nend\nstart\n" },
  { name: "range on one line", args: ["NR==2,NR==2 {print \"x\" $0}"], stdin: "1\n2\n3\n", stdout: "x2\n" },
  { name: "multiple BEGIN and END", args: ["BEGIN{print 1} END{print 3} BEGIN{print 2} END{print 4}"], stdin: "", stdout: "1\n2\n3\n4\n" },
  { name: "END sees the last record", args: ["END{print $0, NF, NR}"], stdin: "a b\nc d e\n", stdout: "c d e 3 2\n" },
  { name: "BEGIN only does not read input", args: ["BEGIN{print \"x\"}"], stdin: "ignored\n", stdout: "x\n" },

  // values, comparisons, conversions
  { name: "strnum fields compare numerically", args: ["{print ($1 < $2)}"], stdin: "10 9\n", stdout: "0\n" },
  { name: "string constants compare as strings", args: ["BEGIN{print (\"10\" < \"9\")}"], stdout: "1\n" },
  { name: "field vs string constant compares as string", args: ["{print ($1 == \"1.0\"), ($1 == 1)}"], stdin: "1.0\n", stdout: "1 1\n" },
  { name: "uninitialised is 0 and empty", args: ["BEGIN{print x+0, \"[\" x \"]\", length(x), (x == 0), (x == \"\")}"], stdout: "0 [] 0 1 1\n" },
  { name: "number to string uses CONVFMT, output OFMT", args: ["BEGIN{CONVFMT=\"%.2f\"; OFMT=\"%.3f\"; x=3.14159; y = x \"\"; print x, y; print 17 \"\"}"], stdout: "3.142 3.14\n17\n" },
  { name: "integers print as integers", gawk: true, args: ["BEGIN{print 1e6, 2^53, 100000*100000, 0.1+0.2, 1e30, -0}"], stdout: "1000000 9007199254740992 10000000000 0.3 1e+30 0\n" },
  { name: "mawk: integers beyond a C int print through OFMT/CONVFMT", args: ["BEGIN{print 2147483647, 2^31, -2147483648, 100000*100000, -0; x = 2^31 \"\"; print x; a[2^32]; for (k in a) print k}"], stdout: "2147483647 2.14748e+09 -2.14748e+09 1e+10 0\n2.14748e+09\n4.29497e+09\n" },
  { name: "gawk: array subscripts of large integers stay integers", gawk: true, args: ["BEGIN{a[2^40]; for (k in a) print k}"], stdout: "1099511627776\n" },
  { name: "mawk: printf saturates C int and unsigned conversions", args: ["BEGIN{printf \"%d %d %i %u %x %X %o\\n\", 2^31, -2^40, \"3000000000\", -1, 2^40, 2^32, -8}"], stdout: "2147483647 -2147483647 2147483647 0 ffffffff FFFFFFFF 0\n" },
  { name: "gawk: printf keeps large integers", gawk: true, args: ["BEGIN{printf \"%d %x\\n\", 2^40, 2^40}"], stdout: "1099511627776 10000000000\n" },
  { name: "mawk: %c of a number is one byte, of an empty string a NUL", args: ["BEGIN{printf \"%c%c%c|\", 321, \"\", \"xyz\"}"], stdout: "A\0x|" },
  { name: "string to number prefix", args: ["BEGIN{print \"3abc\"+0, \" 12 \"+1, \".5e1\"+0, \"abc\"+0, \"+1e2x\"*1}"], stdout: "3 13 5 0 100\n" },
  { name: "numeric string truthiness", args: ["{print ($1 ? \"t\" : \"f\")}"], stdin: "0\n0.0\n a\n1\n", stdout: "f\nf\nt\nt\n" },
  { name: "string \"0\" constant is true", args: ["BEGIN{if (\"0\") print \"t\"; if (0) print \"no\"}"], stdout: "t\n" },
  { name: "arithmetic", args: ["BEGIN{print 7%3, -7%3, 2^10, 2**3**2, -2^2, 7/2, int(-3.7)}"], stdout: "1 -1 1024 512 -4 3.5 -3\n" },
  { name: "compound assignment", args: ["BEGIN{x=5; x+=2; x-=1; x*=3; x/=2; x%=5; x^=2; x**=1; print x}"], stdout: "16\n" },
  { name: "increments", args: ["BEGIN{a=1; b=a++ + ++a; print a, b; c[\"k\"]++; c[\"k\"]++; print c[\"k\"]}"], stdout: "3 4\n2\n" },
  { name: "concatenation precedence", args: ["BEGIN{print 1 \" \" 2+3 \" \" 4*5; x = \"a\" (1 < 2); print x}"], stdout: "1 5 20\na1\n" },
  { name: "ternary and logic", args: ["BEGIN{print (1 && 0) || 1, !1, !\"\", (2 > 1 ? \"y\" : \"n\")}"], stdout: "1 0 1 y\n" },
  { name: "match operators with dynamic regex", args: ["{print ($0 ~ \"^a.c$\"), ($0 !~ /b/)}"], stdin: "abc\n", stdout: "1 0\n" },
  { name: "regex escapes", args: ["{print ($0 ~ /a\\/b/), ($0 ~ /\\t/)}"], stdin: "a/b\tc\n", stdout: "1 1\n" },
  { name: "bracket with slash", args: ["$0 ~ /[/]/ {print \"slash\"}"], stdin: "x/y\n", stdout: "slash\n" },
  { name: "division by zero", args: ["BEGIN{print 1/0}"], stdout: "", stderr: "awk: cmd. line:1: fatal: division by zero attempted\n", code: 2 },
  { name: "division by zero names the record", args: ["{print 1/$1}"], stdin: "0\n", stdout: "", stderr: /\(FILENAME=- FNR=1\) fatal: division by zero/, code: 2 },

  // arrays
  { name: "for-in order: numbers then strings", gawk: true, args: ["BEGIN{a[\"b\"]; a[10]; a[2]; a[\"a\"]; for (k in a) printf \"%s \", k; print \"\"}"], stdout: "2 10 a b \n" },
  { name: "multi-dimensional arrays", args: ["BEGIN{a[1,2]=3; if ((1,2) in a) print \"yes\"; for (k in a) {split(k, p, SUBSEP); print p[1], p[2], a[k]}}"], stdout: "yes\n1 2 3\n" },
  { name: "delete element and whole array", args: ["BEGIN{a[1];a[2];a[3]; delete a[2]; print length(a); delete a; print length(a)}"], stdout: "2\n0\n" },
  { name: "referencing an element creates it", args: ["BEGIN{x = a[\"k\"]; print (\"k\" in a), length(a)}"], stdout: "1 1\n" },
  { name: "in does not create", args: ["BEGIN{if (\"k\" in a) print \"no\"; print length(a)}"], stdout: "0\n" },
  { name: "mawk: for-in visits keys in mawk's hash order", args: ["BEGIN{a[\"b\"]; a[10]; a[2]; a[\"a\"]; for (k in a) printf \"%s \", k; print \"\"}"], stdout: "10 2 b a \n" },
  { name: "mawk: count words in mawk's order", args: ["{for (i=1;i<=NF;i++) c[$i]++} END{for (w in c) print w, c[w]}"], stdin: "b a\na c a\n", stdout: "c 1\nb 1\na 3\n" },
  { name: "mawk: for-in keys are strings", args: ["BEGIN{a[9]; for (k in a) print (k < 10), (k + 0 < 10)}"], stdout: "0 1\n" },
  { name: "count words", gawk: true, args: ["{for (i=1;i<=NF;i++) c[$i]++} END{for (w in c) print w, c[w]}"], stdin: "b a\na c a\n", stdout: "a 3\nb 1\nc 1\n" },
  { name: "PROCINFO sorted_in", gawk: true, args: ["BEGIN{PROCINFO[\"sorted_in\"]=\"@val_num_desc\"; a[\"x\"]=1; a[\"y\"]=3; a[\"z\"]=2; for (k in a) printf \"%s\", k; print \"\"}"], stdout: "yzx\n" },
  { name: "scalar used as array is fatal", args: ["BEGIN{x=1; x[1]=2}"], stdout: "", stderr: /fatal: attempt to use scalar `x' as an array/, code: 2 },

  // functions
  { name: "recursion", args: ["function f(n){return n<2?n:f(n-1)+f(n-2)} BEGIN{print f(15)}"], stdout: "610\n" },
  { name: "scalars by value, arrays by reference, extra params are locals", args: ["function f(s, a,   t){s=\"changed\"; a[\"k\"]=1; t=5} BEGIN{s=\"orig\"; f(s, arr); print s, arr[\"k\"], \"[\" t \"]\"}"], stdout: "orig 1 []\n" },
  { name: "untyped argument becomes an array through nested calls", args: ["function g(b){b[1]=2} function f(a){g(a)} BEGIN{f(z); print z[1]}"], stdout: "2\n" },
  { name: "local arrays are fresh per call", args: ["function f(n,  loc){loc[n]=1; return length(loc)} BEGIN{print f(1), f(2)}"], stdout: "1 1\n" },
  { name: "function without return value", args: ["function f(){x=1} BEGIN{v=f(); print \"[\" v \"]\", x}"], stdout: "[] 1\n" },
  { name: "next inside a function", args: ["function skip(){next} NR==1{skip()} {print}"], stdin: "a\nb\n", stdout: "b\n" },
  { name: "identifiers may start with keywords", args: ["BEGIN{print_x=1; if_y=2; in_z=3; getline_w=4; print print_x, if_y, in_z, getline_w}"], stdout: "1 2 3 4\n" },

  // control flow
  { name: "next", args: ["NR==2{next} {print}"], stdin: "a\nb\nc\n", stdout: "a\nc\n" },
  { name: "exit runs END with the code", args: ["{print; exit 3} END{print \"end\"}"], stdin: "a\nb\n", stdout: "a\nend\n", code: 3 },
  { name: "exit in END keeps the earlier code", args: ["BEGIN{exit 4} END{exit}"], stdout: "", code: 4 },
  { name: "exit in BEGIN skips input but runs END", args: ["BEGIN{exit} {print \"no\"} END{print NR}"], stdin: "a\n", stdout: "0\n" },
  { name: "loops with break and continue", args: ["BEGIN{for(i=0;i<10;i++){if(i==2)continue; if(i==5)break; printf i}; i=0; while(1){if(++i>3)break}; do i--; while(i>0); print \"\", i}"], stdout: "0134 0\n" },
  { name: "semicolons, newlines and continuations", args: ["BEGIN {\n  x = 1 + \\\n    2 ;\n  if (x == 3)\n    print \"three\"\n  else\n    print \"other\"\n}\n"], stdout: "three\n" },
  { name: "comments and # in regex and strings", args: ["# leading\n/#/ { print \"h:\" $0 \" #\" } # trailing"], stdin: "a#b\nc\n", stdout: "h:a#b #\n" },

  { name: "switch with constants, regex, fall-through and default", args: ["{switch ($1) {case 1: print \"one\"; break; case /^f/: print \"f\"; case \"2\": print \"two\"; break; default: print \"other\"}}"], stdin: "1\nfoo\n2\nzz\n", stdout: "one\nf\ntwo\ntwo\nother\n" },
  { name: "continue inside switch continues the loop", args: ["BEGIN{for (i = 0; i < 3; i++) {switch (i) {case 1: continue; default: printf \"%d\", i}}; print \"\"}"], stdout: "02\n" },

  // getline
  { name: "getline advances the main input", args: ["{getline; print}"], stdin: "1\n2\n3\n4\n", stdout: "2\n4\n" },
  { name: "getline var keeps $0 and bumps NR", args: ["{getline x; print $0, x, NR}"], stdin: "a\nb\n", stdout: "a b 2\n" },
  { name: "getline at end returns 0", args: ["BEGIN{while ((getline line) > 0) n++; print n, NR}"], stdin: "a\nb\n", stdout: "2 2\n" },
  { name: "getline < file", args: ["BEGIN{while ((getline line < \"/d.txt\") > 0) print \"got\", line; close(\"/d.txt\"); getline < \"/d.txt\"; print $0, NR}"], files: { "/d.txt": "x\ny\n" }, stdout: "got x\ngot y\nx 0\n" },
  { name: "getline < missing file is -1", args: ["BEGIN{print (getline line < \"/nope\")}"], stdout: "-1\n" },
  { name: "cmd | getline", args: ["BEGIN{while ((\"echo one two\" | getline w) > 0) print \"w=\" w; print NR}"], stdout: "w=one two\n1\n" },
  { name: "cmd | getline sets $0", args: ["BEGIN{\"echo a b\" | getline; print $2, NF}"], stdout: "b 2\n" },

  // output
  { name: "print > file and >> file", args: ["BEGIN{print \"a\" > \"/o.txt\"; print \"b\" > \"/o.txt\"; close(\"/o.txt\"); print \"c\" >> \"/o.txt\"; close(\"/o.txt\"); while ((getline l < \"/o.txt\") > 0) print \"read\", l}"], stdout: "read a\nread b\nread c\n" },
  { name: "print to /dev/stderr", args: ["{print \"err\" > \"/dev/stderr\"; print \"out\"}"], stdin: "x\n", stdout: "out\n", stderr: "err\n" },
  { name: "print | cmd runs at close", args: ["{print | \"sort\"} END{close(\"sort\"); print \"done\"}"], stdin: "b\nc\na\n", stdout: "a\nb\nc\ndone\n" },
  { name: "print | cmd runs at exit", args: ["{print $1 | \"sort\"}"], stdin: "z\ny\n", stdout: "y\nz\n" },
  { name: "system returns the status and flushes first", args: ["BEGIN{printf \"before \"; r = system(\"exit 3\"); print r; system(\"echo hi\")}"], stdout: "before 3\nhi\n" },
  { name: "close of unknown is -1", args: ["BEGIN{print close(\"nothing\")}"], stdout: "-1\n" },
  { name: "/dev/fd/2 is stderr", args: ["BEGIN{print \"e\" > \"/dev/fd/2\"; print \"o\" > \"/dev/fd/1\"}"], stdout: "o\n", stderr: "e\n" },
  { name: "bad dynamic regex is fatal", args: ["$0 ~ \"[\""], stdin: "x\n", stdout: "", stderr: "awk: cmd. line:1: (FILENAME=- FNR=1) fatal: Unmatched [, [^, [:, [., or [=: /[/\n", code: 2 },
  { name: "bad regex literal is reported before running", args: ["BEGIN{print \"x\"} /a(/"], stdout: "", stderr: "awk: cmd. line:1: fatal: Unmatched ( or \\(: /a(/\n", code: 2 },
  { name: "unwritable redirection is fatal", args: ["BEGIN{print \"x\" > \"/no/such/dir/f\"}"], stdout: "", stderr: /fatal: can't redirect to `\/no\/such\/dir\/f' \(No such file or directory\)/, code: 2 },
  { name: "printing loop streams in BEGIN", args: ["BEGIN{for (i = 0; i < 30000; i++) print i}"], stdout: Array.from({ length: 30000 }, (_, i) => `${i}\n`).join("") },
  { name: "BEGINFILE and ENDFILE", args: ["BEGINFILE{print \"<\" FILENAME} ENDFILE{print FNR \">\"} {n++}", "/a", "/b"], files: { "/a": "1\n2\n", "/b": "3\n" }, stdout: "</a\n2>\n</b\n1>\n" },
  { name: "nextfile", args: ["FNR==2{nextfile} {print FILENAME, $0}", "/a", "/b"], files: { "/a": "1\n2\n3\n", "/b": "4\n5\n" }, stdout: "/a 1\n/b 4\n" },
  { name: "print (a, b) > file", args: ["BEGIN{print (\"x\", \"y\") > \"/p\"; close(\"/p\"); getline l < \"/p\"; print l}"], stdout: "x y\n" },
  { name: "print with comparison in parens", args: ["BEGIN{print (2 > 1), (1 > 2)}"], stdout: "1 0\n" },

  // builtins
  { name: "length forms", args: ["{print length, length(), length($1), length(12345)}"], stdin: "héllo x\n", stdout: "7 7 5 5\n" },
  { name: "substr", args: ["BEGIN{print substr(\"hello\",2,3), substr(\"hello\",0,2), substr(\"hello\",4), \"[\" substr(\"hello\",9) \"]\", \"[\" substr(\"hello\",2,-1) \"]\", substr(\"hello\", 1.9, 2)}"], stdout: "ell he lo [] [] he\n" },
  { name: "index and match", args: ["BEGIN{print index(\"foobar\",\"bar\"), match(\"xxabbby\", /ab+/), RSTART, RLENGTH, match(\"x\", /z/), RSTART, RLENGTH}"], stdout: "4 3 3 4 0 0 -1\n" },
  { name: "match with capture array", args: ["{if (match($0, /([a-z]+)-([0-9]+)/, m)) print m[0], m[1], m[2], m[2, \"start\"], m[2, \"length\"]}"], stdin: "id: abc-123!\n", stdout: "abc-123 abc 123 9 3\n" },
  { name: "match is leftmost-longest", args: ["BEGIN{match(\"abcd\", /ab|abcd/); print RLENGTH}"], stdout: "4\n" },
  { name: "split forms", args: ["BEGIN{n=split(\"a:b:c\", p, \":\"); print n, p[3]; n=split(\"  x  y \", q); print n, q[1]; n=split(\"a1b22c\", r, /[0-9]+/, s); print n, r[3], s[2]; print split(\"\", e), length(e); print split(\"abc\", ch, \"\"), ch[2]}"], stdout: "3 c\n2 x\n3 c 22\n0 0\n3 b\n" },
  { name: "sub and gsub with & and \\\\&", args: ["{s=$0; n=gsub(/o/, \"[&]\", s); print n, s; t=$0; sub(/o/, \"\\\\&\", t); print t; gsub(/l/, \"L\"); print}"], stdin: "hello world\n", stdout: "2 hell[o] w[o]rld\nhell& world\nheLLo worLd\n" },
  { name: "gsub with empty matches", args: ["BEGIN{s=\"abc\"; gsub(/x*/, \"-\", s); print s; t=\"abc\"; gsub(/b*/, \"X\", t); print t}"], stdout: "-a-b-c-\nXaXcX\n" },
  { name: "gsub on a field rebuilds the record", args: ["{gsub(/a/, \"A\", $2); print}"], stdin: "a a   a\n", stdout: "a A a\n" },
  { name: "gensub", args: ["BEGIN{print gensub(/([a-z]+)([0-9])/, \"<\\\\2\\\\1>\", \"g\", \"ab1 cd2\"); print gensub(/o/, \"0\", 2, \"foo boo\"); $0=\"aaa\"; print gensub(/a/, \"b\", \"g\")}"], stdout: "<1ab> <2cd>\nfo0 boo\nbbb\n" },
  { name: "tolower/toupper", args: ["BEGIN{print toupper(\"abc\"), tolower(\"ÀB\")}"], stdout: "ABC àb\n" },
  { name: "math", args: ["BEGIN{print int(3.9), int(-3.9), sqrt(16), exp(0), log(1), sin(0), cos(0), atan2(0, -1)}"], stdout: "3 -3 4 1 0 0 1 3.14159\n" },
  { name: "srand is repeatable", args: ["BEGIN{srand(7); a=rand(); srand(7); b=rand(); print (a==b), (a>=0 && a<1), srand(9)}"], stdout: "1 1 7\n" },
  { name: "bit functions and strtonum", args: ["BEGIN{print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 4), rshift(32, 2), strtonum(\"0x1F\"), strtonum(\"017\")}"], stdout: "8 14 6 16 8 31 15\n" },
  { name: "asort and asorti", args: ["BEGIN{a[\"x\"]=3; a[\"y\"]=1; a[\"z\"]=2; n=asort(a, b); print n, b[1], b[2], b[3]; n=asorti(a, c); print c[1], c[3]}"], stdout: "3 1 2 3\nx z\n" },
  { name: "typeof and isarray", args: ["BEGIN{a[1]; x=1; y=\"s\"; print typeof(a), typeof(x), typeof(y), typeof(z), isarray(a)}"], stdout: "array number string untyped 1\n" },
  { name: "strftime in UTC", args: ["BEGIN{print strftime(\"%Y-%m-%d %H:%M:%S\", 86400 + 3661, 1)}"], stdout: "1970-01-02 01:01:01\n" },

  // printf
  { name: "printf conversions", args: ["BEGIN{printf \"%d %i %o %x %X %u %c %s %%\\n\", 42.9, -3, 8, 255, 255, 7, 65, \"str\"}"], stdout: "42 -3 10 ff FF 7 A str %\n" },
  { name: "printf floats", args: ["BEGIN{printf \"%f %.2f %e %.3E %g %G %.3g\\n\", 3.14159, 2.675, 12345.678, 0.00012, 0.0001, 1e-5, 1234567}"], stdout: "3.141590 2.67 1.234568e+04 1.200E-04 0.0001 1E-05 1.23e+06\n" },
  { name: "printf flags and widths", args: ["BEGIN{printf \"[%5d][%-5d][%05d][%+d][% d][%5.1f][%-6s][%.2s][%*d][%-*d]\\n\", 42, 42, 42, 42, 42, 3.14159, \"ab\", \"abc\", 4, 7, 3, 8}"], stdout: "[   42][42   ][00042][+42][ 42][  3.1][ab    ][ab][   7][8  ]\n" },
  { name: "printf %c of a numeric field and a string", args: ["{printf \"%c%c\\n\", $1, $2}"], stdin: "72 iX\n", stdout: "Hi\n" },
  { name: "printf with too few arguments is fatal", args: ["BEGIN{printf \"%s %s\\n\", \"a\"}"], stdout: "", stderr: /fatal: not enough arguments to satisfy format string/, code: 2 },
  { name: "printf width limit", args: ["BEGIN{printf \"%999999999d\", 1}"], stdout: "", stderr: "awk: format width 999999999 exceeds maximum (10000)\n", code: 2 },
  { name: "printf with parentheses", args: ["BEGIN{printf(\"%s-%s\\n\", \"a\", \"b\")}"], stdout: "a-b\n" },
  { name: "sprintf", args: ["BEGIN{s = sprintf(\"%03d|%s\", 7, \"x\"); print s}"], stdout: "007|x\n" },
  { name: "unicode escapes", gawk: true, args: ["BEGIN{print \"caf\\u00e9 \\x41\\101\"}"], stdout: "café AA\n" },
  { name: "mawk: unknown escapes keep their backslash", args: ["BEGIN{s = \"a.b\"; gsub(\"\\.\", \"-\", s); print s, \"\\q\\/\\u0041\\x41\"}"], stdout: "a-b \\q\\/AA\n" },
  { name: "gawk: unknown escapes lose their backslash", gawk: true, args: ["BEGIN{s = \"a.b\"; gsub(\"\\.\", \"-\", s); print s, \"\\q\\/\"}"], stdout: "--- q/\n" },
  { name: "mawk: braces in regexes are literal", args: ["{print ($0 ~ /a{2}/), ($0 ~ /[{]/), match($0, /[0-9]{3}/)}"], stdin: "a{2}\n", stdout: "1 1 0\n" },
  { name: "gawk: braces in regexes are intervals", gawk: true, args: ["{print ($0 ~ /a{2}/)}"], stdin: "aa\n", stdout: "1\n" },

  // command line
  { name: "-v with escapes", args: ["-v", "x=a\\tb", "BEGIN{print x}"], stdout: "a\tb\n" },
  { name: "-v value is a strnum", args: ["-v", "n=10", "BEGIN{print (n < 9)}"], stdout: "0\n" },
  { name: "-v sets special variables", args: ["-v", "OFS=:", "{$1=$1; print}"], stdin: "a b\n", stdout: "a:b\n" },
  { name: "operand assignments between files", args: ["{print v, $0}", "v=1", "/a", "v=2", "/b"], files: { "/a": "x\n", "/b": "y\n" }, stdout: "1 x\n2 y\n" },
  { name: "FILENAME and FNR", args: ["{print FILENAME, FNR, NR}", "/a", "/b"], files: { "/a": "x\ny\n", "/b": "z\n" }, stdout: "/a 1 1\n/a 2 2\n/b 1 3\n" },
  { name: "- reads stdin among files", args: ["{print FILENAME \":\" $0}", "/a", "-"], stdin: "in\n", files: { "/a": "f\n" }, stdout: "/a:f\n-:in\n" },
  { name: "ARGV and ARGC", args: ["BEGIN{for (i = 0; i < ARGC; i++) print i, ARGV[i]}", "x", "y"], stdout: "0 awk\n1 x\n2 y\n" },
  { name: "ARGV edits change the input", args: ["BEGIN{ARGV[1]=\"/b\"} {print}", "/a"], files: { "/a": "a\n", "/b": "b\n" }, stdout: "b\n" },
  { name: "ENVIRON", args: ["BEGIN{print ENVIRON[\"GREETING\"]}"], env: { GREETING: "hi" }, stdout: "hi\n" },
  { name: "-f program file with --", args: ["-f", "/prog.awk", "--", "/a"], files: { "/prog.awk": "{ print \"p:\" $0 }\n", "/a": "x\n" }, stdout: "p:x\n" },
  { name: "missing input file is fatal", args: ["{print}", "/nope"], stdout: "", stderr: "awk: fatal: cannot open file `/nope' for reading: No such file or directory\n", code: 2 },
  { name: "directory operand is skipped with a warning", args: ["{print}", "/d", "/a"], files: { "/d/x": "", "/a": "ok\n" }, stdout: "ok\n", stderr: "awk: warning: command line argument `/d' is a directory: skipped\n" },
  { name: "syntax error", args: ["BEGIN { print ( }"], stdout: "", stderr: "awk: cmd. line:1: BEGIN { print ( }\nawk: cmd. line:1:                 ^ syntax error\n", code: 2 },
  { name: "unterminated string", args: ["BEGIN { print \"abc }"], stdout: "", stderr: /unterminated string/, code: 2 },
  { name: "invalid option", args: ["-z", "1"], stdout: "", stderr: /awk: invalid option -- 'z'/, code: 2 },
  { name: "no program", args: [], stdout: "", stderr: /Usage: awk/, code: 2 },
  { name: "--help", args: ["--help"], stdout: expect.stringContaining("Usage: awk") as unknown as string }
]

describe("awk", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_, c) => {
    const result = await runAwk(c.args, c)
    expect(result.stdout).toEqual(c.stdout)
    if (c.stderr instanceof RegExp) expect(result.stderr).toMatch(c.stderr)
    else expect(result.stderr).toBe(c.stderr ?? "")
    expect(result.exitCode).toBe(c.code ?? 0)
  })

  it("streams large input and keeps numeric precision", async () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `${i} ${i * 0.5}`).join("\n") + "\n"
    const result = await runAwk(["{s += $2; n++} END {print n, s}"], { stdin: lines })
    expect(result.stdout).toBe("20000 99995000\n")
  })

  it("passes bytes that are not UTF-8 through unchanged, whatever the chunking", async () => {
    const input = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x0a, 0xe2, 0x82, 0x0a, ...new TextEncoder().encode("日本 😀\n")])
    for (const stdinChunkSize of [1, 2, 64]) {
      const result = await runCommand(awkCommands[0]!, ["{print; print length($0)}"], { stdin: input, stdinChunkSize })
      const expected = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x0a, ...new TextEncoder().encode("6\n"), 0xe2, 0x82, 0x0a, ...new TextEncoder().encode("2\n日本 😀\n4\n")])
      expect(Array.from(result.stdoutBytes)).toEqual(Array.from(expected))
    }
  })

  it("print > file creates the file in the VFS", async () => {
    const result = await runAwk(["{print $2 > \"/out/\" $1 \".txt\"}"], { stdin: "a 1\nb 2\na 3\n", files: { "/out/.keep": "" } })
    expect(result.exitCode).toBe(0)
    expect(await Effect.runPromise(result.fs.readText("/out/a.txt"))).toBe("1\n3\n")
    expect(await Effect.runPromise(result.fs.readText("/out/b.txt"))).toBe("2\n")
  })
})
