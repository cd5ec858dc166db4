x=$(echo hi); echo "[$x]"; y=$(printf 'a\n\n\n'); echo "[$y]"; z=$(printf '\n\nb'); echo "[$z]"
#--
echo $(echo $(echo nested $(echo deep))); echo "$(echo "inner "quoted" ok")"
#--
x=`echo back`; echo $x; y=`echo \`echo inner\``; echo $y
#--
a=$(exit 3); echo $?; b=$(false; true); echo $?
#--
v=$(echo one; echo two); echo "$v"; echo $v; echo "${#v}"
#--
n=$(seq 3 | wc -l); echo $((n * 2)); echo "lines: $(printf '%s\n' a b | wc -l)"
#--
f() { echo "from f"; }; echo "[$(f)]"; x=$(f | tr a-z A-Z); echo $x
#--
x=1; y=$(x=2; echo $x); echo $x $y
#--
echo "$(echo '$HOME is literal')"; echo '$(not run)'; echo "\$(escaped)"
#--
echo $( case x in x) echo matched;; esac )
#--
out=$(echo err >&2; echo out); echo "[$out]"
#--
echo 'single $x "dq" \n'; echo "double \$x \"q\" \\ \` end"; echo $'ansi\tTab\x41\101\u00e9'
#--
echo "a"'b'c"d e"; echo ''""''; echo "" | wc -c; echo \a\b\ \c
#--
x='a b'; echo "$x"'$x'"${x}"; echo "${x}s" "$x"s
#--
echo "it's"; echo 'say "hi"'; echo "tab:	:"; echo a\
b
#--
echo "\a\n\$"; echo '\a\n\$'; echo \\ \' \"
#--
echo $"plain"; v=x; echo "$v$v" "${v}_${v}" "$v_$v"
#--
printf '%s\n' "line
continued"; echo "multi
line" | wc -l
#--
echo "nested $(echo "level $(echo "two")")"; echo "$(echo \"q\")"
#--
echo "$(printf 'a\0b')" | od -c | head -1 | tr -s ' '
#--
x=$(cat <<EOT
heredoc in cmdsub
EOT
); echo "$x"
#--
echo "${x:-$(echo dflt)}"; echo $(( $(echo 3) + $(echo 4) ))
#--
e=""; echo "[$e]" [$e] "[${e}x]"; echo -n "no newline"; echo
#--
echo -e 'a\tb\nc'; echo -E 'a\tb'; echo -n -e 'x\n'; echo -- -n
#--
a="*"; echo "$a" '$a' "\$a" "${a}"; echo '\'
