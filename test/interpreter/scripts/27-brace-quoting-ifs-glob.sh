# Brace and sequence expansion, quoting in nested $( ), IFS splitting, globbing.
echo {a..e..2} {1..10..3} {10..1..4} {a..c}{1..2}
#--
echo {01..10} {001..3} {-3..3} {-05..5..5}
#--
echo {z..u} {A..z..10} {1..1} {5..1}
#--
echo {a,b}{c,d} x{1,2,3}y {,a,b} {a,{b,c}}
#--
echo {a..e..0} {1..5..-2} 2>&1
#--
echo {1..3}..{a..b} {a.b} {a} {} {a,} "{a,b}" \{a,b\}
#--
echo file{1..3}.txt; mkdir -p dir{A,B}/{x,y}; ls -d dir*/* | sort
#--
x=3; echo {1..$x}; eval echo {1..$x}
#--
echo pre{a,b}post{1,2}; echo {a..c}-{1..2}
#--
echo ~ | grep -c /; echo ~+ | grep -c /; a=~/x; echo "$a" | grep -c '^/'
#--
echo "$(echo "$(echo "nested 'quotes' \"here\"")")"
#--
x="a b"; echo $(echo $x); echo "$(echo $x)"; echo "$(echo "$x")"; echo `echo "$x"`
#--
echo "$(printf 'a\n\n\n')" | od -c | head -2; x=$(printf '\n\nb\n\n'); echo "[${x}]"
#--
echo $(echo 'single $quote') "$(echo '$(not expanded)')"
#--
v=$(cat <<'EOF'
it's a "test"
EOF
); echo "$v"
#--
echo "$(case x in x) echo matched;; esac)"; echo $(( $(echo 3) + $(echo 4) ))
#--
out=$(echo err >&2; echo out) 2>/dev/null; echo "[$out]"
#--
echo `echo \`echo inner\``; echo "`echo "dq in bt"`"
#--
x=$(echo "a
b"); echo $x; echo "$x"; IFS=; echo $x
#--
echo "$( (echo sub) )" "$( { echo grp; } )"
#--
IFS=: ; x="a:b::c"; for f in $x; do echo "[$f]"; done
#--
IFS=' :'; x=" a : b  c:"; for f in $x; do echo "[$f]"; done
#--
x="  leading and trailing  "; set -- $x; echo $#; IFS=; set -- $x; echo $#
#--
IFS=$'\n'; lines=$(printf 'one two\nthree four\n'); for l in $lines; do echo "[$l]"; done
#--
unset IFS; x=$'a\tb\nc'; for w in $x; do echo "[$w]"; done
#--
IFS=,; arr=(a,b c,d); echo "${#arr[@]}"; v="x,y"; arr2=($v z); echo "${#arr2[@]}"
#--
x="a,b,c"; IFS=, read -ra p <<< "$x"; echo "${p[@]}"; echo "$IFS" | od -c | head -1
#--
IFS=; x="a b"; set -- $x; echo $#; unset IFS; set -- $x; echo $#
#--
IFS=x; v="axbxc"; echo $v; echo "$v"; arr=($v); echo "${arr[1]}"
#--
set -- "a b" "c d"; IFS=-; echo "$*"; echo $*; x=$@; echo "$x"
#--
empty=""; set -- $empty; echo $#; set -- "$empty"; echo $#; set -- ${empty:+x}; echo $#
#--
a="*"; echo $a | head -c 0; echo "$a"; set -f; echo $a; set +f
#--
touch b1 b2; x="b*"; echo $x; echo "$x"; shopt -s nullglob; echo nomatch*; echo "[$(echo zz*)]"
#--
shopt -s dotglob; touch .hidden vis; echo *; shopt -u dotglob; echo *
#--
mkdir -p g/s; touch g/a.c g/s/b.c; shopt -s globstar; echo g/**/*.c; echo g/**
#--
touch 'a b.txt' c.txt; for f in *.txt; do echo "[$f]"; done
#--
touch x1 x2 x10; echo x?; echo x[0-9]; echo x[!1]*; echo x[[:digit:]][[:digit:]]
#--
echo [; echo ]; echo [a; echo *[; echo \*
