import { differential } from "./differential.js"

differential("echo", [
  'echo -e "hello\\\\\\\\world"; echo -e "a\\\\\\\\w\\\\q"',
  "echo -e 'a\\\\\\\\w\\\\q\\x41\\0101\\101|\\u263a|\\e' | od -c",
  "echo -e 'a\\cb'; echo -n x; echo -e 'x\\x'; echo -E 'a\\tb'; echo -ne 'q\\n'",
  "echo -e '\\xfe\\xff' | od -c",
  "echo --help; echo -- -n; echo -nx; echo -n -e 'a\\tb'; echo",
  "echo -e 'x\\0' | od -c; echo -e '\\x41\\x4a\\x4Z'",
  "shopt -s xpg_echo; echo 'a\\tb'; echo -E 'a\\tb'"
])

differential("printf", [
  "printf '%b|' '\\101' '\\0101' '\\01011' '\\x41' '\\u263a' '\\c' 'x'; echo",
  "printf '\\101|\\0101|\\x41g|\\u263a|\\q|\\c|x|\\\"|\\?|\\''; echo",
  "printf '%b|%b\\n' 'a\\cb' 'c'; echo END",
  "printf '\\xff' | od -c",
  { script: "printf -z; echo $?; printf; echo $?; printf -v; echo $?", stderr: true },
  "printf -v out '%s-%s' a b; echo \"$out\"; printf -- '%d\\n' 5",
  "printf '%s\\n' a b c; printf '%s %s\\n' 1 2 3",
  "printf '%5s|%-5s|%.2s\\n' ab cd efgh; printf '%05d|%+d|%x|%o|%X\\n' 42 7 255 8 255",
  { script: "printf '%d\\n' abc 12x; echo $?", stderr: true },
  "printf '%q\\n' 'a b' \"it's\" '$x'; printf '%c%c\\n' hello world",
  "printf '%*d|%-*d|\\n' 5 1 4 2; printf '%.3f %e %g\\n' 3.14159 1234.5 0.0001",
  "printf \"%d %d\\n\" \"'A\" '\"B'; printf '%i\\n' 0x1f 010",
  { script: "printf '%z'; echo \" $?\"", stderr: true }
])
