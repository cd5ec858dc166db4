echo one > f; echo two >> f; cat f; cat < f | wc -l
#--
echo out > o 2> e; ls nonexist_q 2> e; wc -l < e; cat o
#--
{ echo to-err >&2; } 2> err.txt; cat err.txt; echo x 1>&2 2>/dev/null | cat
#--
ls nope_z > all.txt 2>&1; wc -l < all.txt; ls nope_z 2>&1 > only_out.txt | wc -l
#--
echo both &> b.txt; ls nope_y &>> b.txt; wc -l < b.txt
#--
exec 3> fd3.txt; echo via3 >&3; echo more >&3; exec 3>&-; cat fd3.txt
#--
echo data > in.txt; exec 4< in.txt; read -r line <&4; echo "[$line]"; exec 4<&-
#--
exec {fd}> alloc.txt; echo "fd ok" >&$fd; exec {fd}>&-; cat alloc.txt; [ "$fd" -ge 10 ] && echo big
#--
exec 5>&1; echo through5 >&5; exec 5>&-; echo "after close" >&5 2>/dev/null; echo "st=$?"
#--
set -C; echo a > nc.txt; echo b > nc.txt 2>/dev/null; echo "st=$?"; echo c >| nc.txt; cat nc.txt
#--
set -o noclobber; echo x >> app.txt; echo y >> app.txt; cat app.txt; echo z > /dev/null; echo "st=$?"
#--
cat <<EOF
plain $((1+1)) $(echo sub)
  indented
EOF
#--
x=val; cat <<'EOF'
no $x expansion $(echo no)
EOF
cat <<"EOF"
also $x literal
EOF
#--
cat <<-EOF
	tab stripped
		two tabs
	EOF
#--
x=1; cat <<EOF | tr a-z A-Z
lower $x
EOF
#--
cat <<A; cat <<B
first
A
second
B
#--
cat <<EOF
backslash \$x \\ \`
line\
joined
EOF
#--
cat <<< "here string"; cat <<< $'a\tb'; x="with  spaces"; cat <<< $x; cat <<< "$x"
#--
read -r a b <<< "1 2"; echo $((a+b)); wc -l <<< ""
#--
echo hi > /dev/null; cat /dev/null | wc -c; echo e 2>/dev/null >&2; echo done
#--
echo content > src.txt; cat < src.txt > dst.txt; cat dst.txt; < src.txt cat
#--
f() { echo fout; echo ferr >&2; }; f 2>/dev/null; f 2>&1 >/dev/null
#--
{ echo a; echo b; } > grp.txt; cat grp.txt; while read l; do echo "r:$l"; done < grp.txt
#--
echo x > "sp ace.txt"; cat "sp ace.txt"; n=name; echo y > "$n.txt"; cat name.txt
#--
cat nonexistent_file 2>/dev/null; echo "st=$?"; cat < nonexistent_in 2>/dev/null; echo "st=$?"
#--
echo a > d1 > d2; cat d1 | wc -c; cat d2
#--
exec 3>&1 1>cap.txt; echo captured; exec 1>&3 3>&-; echo back; cat cap.txt
#--
echo line1 > rw.txt; exec 6<>rw.txt; read -r l <&6; echo "[$l]"; exec 6>&-
#--
printf 'x\ny\n' > in2; while read -r a; do read -r b <&3; echo "$a$b"; done < in2 3< in2
#--
for i in 1 2; do echo $i; done >> loop.txt; for i in 3; do echo $i; done >> loop.txt; cat loop.txt
#--
echo err-text 2>&1 1>/dev/null >&2 | wc -c
#--
if true; then echo in-if; fi > if.txt; cat if.txt; case a in a) echo in-case;; esac > c.txt; cat c.txt
#--
x=$(cat <<< "captured"); echo "$x"; y=$(< /dev/null); echo "[$y]"
#--
echo ok 1>&2 2>&1 | cat; echo "pipe got: $(echo hidden 2>&1 >/dev/null)"
#--
cat <<EOF > hd.txt
to file
EOF
cat hd.txt; cat hd.txt - <<< "stdin part"
#--
: > trunc.txt; echo -n > empty.txt; wc -c < trunc.txt; wc -c < empty.txt
#--
echo "$(cat <<'X'
in $(subst)
X
)"
#--
f() { cat; }; f <<EOF
into function $((6*7))
EOF
#--
while read -r n; do echo "n=$n"; done <<EOF
$(seq 2)
EOF
#--
exec 7>out7.txt; { echo grp >&7; }; exec 7>&-; cat out7.txt; echo y 2>/dev/null >&2
