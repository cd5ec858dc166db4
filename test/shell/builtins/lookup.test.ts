import { differential } from "./differential.js"

differential("type, command, hash, builtin, enable", [
  "f(){ :; }; type -a echo; type -t f if echo ls nope; echo $?; type -p ls echo; type -P echo ls; type -af echo",
  "f(){ :; }; command -V f if echo ls; command -v f if echo ls nope; echo $?",
  { script: "command -V nope; echo $?; type nope; echo $?; type -P nope; echo $?", stderr: true },
  { script: "f(){ :; }; type -a f; type -P f; echo $?; type -p f; echo $?; type -t nope; echo $?; type -f f; echo $?", stderr: true },
  { script: "builtin echo hi; builtin ls; echo $?; builtin; echo $?", stderr: true },
  "shopt -s expand_aliases; alias ll='ls -l'; type ll; type -t ll; command -v ll; command -V ll; alias",
  { script: "hash; echo $?; hash ls cat; echo $?; hash; hash -l; hash -t ls; hash -t ls cat; hash nonexist; echo $?", stderr: true },
  { script: "hash ls; hash -d ls; hash -r; hash; hash -p /x/y foo; hash -t foo; hash -d zz; echo $?; hash echo; echo $?; hash -t echo; echo $?", stderr: true },
  "enable | head -3; enable -a | head -2; enable -s | head -3",
  { script: "enable nope; echo $?", stderr: true },
  "type type; echo(){ builtin echo \"f $*\"; }; echo hi; builtin echo x; command echo y",
  "mkdir -p sc; printf '#!/bin/bash\\necho ran\\n' > sc/myscript; chmod +x sc/myscript; PATH=\"$PWD/sc:$PATH\"; command -v myscript | sed \"s|$PWD|.|\"; type myscript | sed \"s|$PWD|.|\"; myscript",
  "command -v -p ls; command -p echo via-p",
  { script: "type bash sh; command -v bash; type -P bash; type -t bash; builtin bash -c 'echo x'; enable bash; compgen -b | grep -c -x bash", stderr: true }
])
