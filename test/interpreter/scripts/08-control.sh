if true; then echo t; fi; if false; then echo no; elif true; then echo elif; else echo else; fi
#--
if false; then :; fi; echo "st=$?"; if false; then :; else (exit 4); fi; echo "st=$?"
#--
i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done; until [ $i -eq 0 ]; do i=$((i-1)); done; echo $i
#--
for x in a b c; do echo $x; done; for x; do echo never; done; echo after
#--
set -- p q; for x; do echo $x; done; for x in; do echo never; done; echo "st=$?"
#--
for ((i=0; i<3; i++)); do echo $i; done; for ((;;)); do echo once; break; done
#--
for i in 1 2 3 4 5; do [ $i = 2 ] && continue; [ $i = 4 ] && break; echo $i; done
#--
for i in 1 2; do for j in a b c; do [ $j = b ] && continue 2; echo $i$j; done; done
#--
for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done; echo out
#--
case abc in a*) echo star;; *) echo default;; esac; case x in y|x) echo alt;; esac
#--
case b in a) echo a;; b) echo b;& c) echo c;; d) echo d;; esac
#--
case b in a) echo a;; b) echo b;;& b*) echo b2;;& *) echo any;; esac
#--
case "" in "") echo empty;; esac; case "a b" in "a b") echo sp;; esac; case x in [xyz]) echo cls;; esac
#--
v='*'; case abc in $v) echo glob;; esac; case abc in "$v") echo lit;; *) echo nolit;; esac
#--
case 5 in [0-9]) echo digit;; esac; case A in [[:upper:]]) echo up;; esac; case x in (x) echo paren;; esac
#--
case nomatch in a) echo a;; esac; echo "st=$?"; case a in a) (exit 3);; esac; echo "st=$?"
#--
while read -r line; do echo "got $line"; done <<'X'
one
two
X
#--
printf 'a b\nc d\n' | while read -r x y; do echo "$y-$x"; done
#--
i=0; while true; do i=$((i+1)); [ $i -ge 3 ] && break; done; echo $i
#--
i=0; until false; do i=$((i+1)); if [ $i = 2 ]; then break; fi; done; echo $i
#--
echo 1 | select x in a b c; do echo "[$x][$REPLY]"; break; done 2>/dev/null
#--
printf '9\n2\n' | { select x in a b; do echo "[$x][$REPLY]"; [ -n "$x" ] && break; done; } 2>/dev/null
#--
for x in 1 2 3; do :; done; echo $x; while false; do :; done; echo "st=$?"
#--
{ echo a; echo b; } | wc -l; { false; }; echo $?
#--
if ! false; then echo negated; fi; ! true; echo $?; ! false; echo $?
#--
true && echo and1; false && echo and2; false || echo or1; true || echo or2; false || false || echo chain
#--
x=0; [ $x = 0 ] && { echo zero; } || { echo nonzero; }
#--
for i in $(seq 1 3); do echo -n "$i "; done; echo; for w in "a b" c; do echo "$w"; done
#--
n=0; for ((;;)); do ((n++)); ((n >= 4)) && break; done; echo $n
#--
while :; do echo body; break; done; until :; do echo never; done; echo done
#--
f() { for i in 1 2 3; do [ $i = 2 ] && return 7; done; }; f; echo $?
#--
for i in a b; do case $i in a) continue;; esac; echo $i; done
#--
i=5; while ((i--)); do printf '%d ' $i; done; echo
#--
if [ 1 -eq 1 ] && [ 2 -gt 1 ]; then echo both; fi; if [ a = b ] || [ c = c ]; then echo either; fi
#--
for f in *.none; do echo "[$f]"; done
#--
x=3; case $x in 1|2) echo low;; 3|4) echo mid;; *) echo high;; esac
#--
break 2>/dev/null; echo "st=$?"; continue 2>/dev/null; echo "st=$?"
#--
for i in 1 2 3; do echo $i; done > out.txt; cat out.txt | tr '\n' ,; echo
#--
if (exit 2); then echo y; else echo "n $?"; fi
