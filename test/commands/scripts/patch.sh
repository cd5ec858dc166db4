mkdir -p sub && printf 'line1\nline2\nline3\n' > sub/file.txt && printf -- '--- a/sub/file.txt\n+++ b/sub/file.txt\n@@ -1,3 +1,3 @@\n line1\n-line2\n+LINE2\n line3\n' > fix.patch
patch -p1 < fix.patch; echo "st=$?"; cat sub/file.txt; patch -p1 < fix.patch; echo "st=$?"; cat sub/file.txt; ls sub; cat sub/file.txt.rej; patch -p1 -R < fix.patch; echo st=$?; cat sub/file.txt
#--
mkdir -p sub && printf 'line1\nline2\nline3\n' > sub/file.txt && printf -- '--- a/sub/file.txt\n+++ b/sub/file.txt\n@@ -1,3 +1,3 @@\n line1\n-line2\n+LINE2\n line3\n' > fix.patch
patch < fix.patch; echo st=$?; cp sub/file.txt file.txt; patch < fix.patch; echo st=$?; cat file.txt
#--
printf 'a\nb\nc\nd\ne\nf\ng\nh\n' > t.txt; printf -- '--- t.txt\n+++ t.txt\n@@ -2,3 +2,3 @@\n b\n-c\n+C\n d\n@@ -6,3 +6,3 @@\n f\n-X\n+G\n h\n' > p2.patch
patch < p2.patch; echo st=$?; cat t.txt; cat t.txt.rej; ls
#--
printf '0\n1\na\nb\nc\nd\n' > u.txt; printf -- '--- u.txt\n+++ u.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p3.patch; patch < p3.patch; cat u.txt; ls
#--
printf 'a\nb\nz\nd\n' > w.txt; printf -- '--- w.txt\n+++ w.txt\n@@ -1,4 +1,4 @@\n a\n b\n-c\n+C\n d\n' > p4.patch; patch < p4.patch; echo st=$?; cat w.txt.rej
#--
printf -- '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n' > create.patch; patch -p1 < create.patch; echo st=$?; cat new.txt; patch -p1 < create.patch; echo st=$?; cat new.txt
#--
printf 'a\nb\n' > new.txt; printf -- '--- a/new.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n' > del.patch; patch -p1 < del.patch; echo st=$?; ls new.txt 2>&1
#--
printf -- '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n' > create.patch; patch -p1 --dry-run < create.patch; echo st=$?; ls new.txt 2>&1
#--
printf 'x\ny\n' > q.txt; printf -- '--- q.txt\n+++ q.txt\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n\\ No newline at end of file\n' > nn.patch; patch < nn.patch; od -c q.txt; patch -s < nn.patch; echo st=$?; patch -N < nn.patch; echo st=$?
#--
patch nofile.patch < /dev/null; echo st=$?; patch -i nofile.patch; echo st=$?; echo garbage | patch; echo st=$?
#--
printf 'X\nb\nc\nd\ne\nf\nY\n' > fz.txt; printf -- '--- fz.txt\n+++ fz.txt\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n' > fz.patch; patch < fz.patch; echo st=$?; cat fz.txt; ls fz*
#--
printf 'a\nb\nc\n' > o.txt; printf -- '--- o.txt\n+++ o.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > o.patch; patch -o out.txt < o.patch; cat out.txt o.txt; patch -o - < o.patch 2>/dev/null
#--
printf 'a\nb\nc\n' > o.txt; printf -- '--- o.txt\n+++ o.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > o.patch; patch -R < o.patch; echo st=$?; patch -b < o.patch; ls o.txt*
#--
printf 'a\n' > e.txt; printf -- '--- e.txt\n+++ e.txt\n@@ -1 +0,0 @@\n-a\n' > e.patch; patch -E < e.patch; ls e.txt 2>&1; printf 'a\n' > e.txt; patch < e.patch; wc -c < e.txt
#--
printf 'one\n' > m1; printf 'two\n' > m2; printf -- '--- m1\n+++ m1\n@@ -1 +1 @@\n-one\n+ONE\n--- m2\n+++ m2\n@@ -1 +1 @@\n-two\n+TWO\n' > m.patch; patch < m.patch; cat m1 m2
#--
mkdir -p src; printf 'def f():\n    return 1\n\n\ndef g():\n    return 2\n' > src/app.py
cat > change.diff <<'EOF'
diff --git a/src/app.py b/src/app.py
index 1111111..2222222 100644
--- a/src/app.py
+++ b/src/app.py
@@ -1,6 +1,7 @@
 def f():
-    return 1
+    return 10
 
 
 def g():
     return 2
+# end
#--
mkdir -p src; printf 'def f():\n    return 1\n\n\ndef g():\n    return 2\n' > src/app.py
cat > change.diff <<'EOF'
diff --git a/src/app.py b/src/app.py
index 1111111..2222222 100644
--- a/src/app.py
+++ b/src/app.py
@@ -1,6 +1,7 @@
 def f():
-    return 1
+    return 10
 
 
 def g():
     return 2
+# end
EOF
patch -p1 < change.diff; echo st=$?; cat src/app.py
#--
printf 'a\nb\nc\n' > f.txt; printf -- '--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p.patch; patch -t < p.patch; patch -t < p.patch; echo st=$?; cat f.txt
#--
printf 'a\nb\nc\n' > f.txt; printf -- '--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p.patch; patch < p.patch >/dev/null; patch -f < p.patch; echo st=$?; cat f.txt
#--
printf 'a\nb\nc\n' > f.txt; printf -- '--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p.patch; patch f.txt p.patch; echo st=$?; cat f.txt
#--
printf 'a\nb\nc\n' > f.txt; printf -- '--- x/y/f.txt\n+++ x/y/f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p.patch; patch -p2 < p.patch; echo st=$?; patch -p5 < p.patch; echo st=$?
#--
mkdir d; printf 'a\nb\nc\n' > d/f.txt; printf -- '--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' > p.patch; patch -d d < p.patch; cat d/f.txt
#--
seq 1 20 > s.txt; seq 1 20 | sed -e 's/^5$/five/' -e 's/^15$/fifteen/' > s2.txt; diff -u s.txt s2.txt > s.patch; printf 'x\ny\n' | cat - s.txt > s3.txt; mv s3.txt s.txt; patch < s.patch; echo st=$?; sed -n '6,8p;16,18p' s.txt
#--
seq 1 10 > a.txt; seq 1 10 | sed 's/^5$/five/' > b.txt; diff -u a.txt b.txt > ab.patch; patch --dry-run < ab.patch; echo st=$?; grep -c five a.txt
#--
seq 1 30 > big.txt; seq 1 30 | sed -e 's/^3$/three/' -e 's/^27$/twentyseven/' > big2.txt; diff -u big.txt big2.txt > big.patch; sed -i '1d;2s/2/TWO/' big.txt; patch < big.patch; echo st=$?; head -4 big.txt; ls big*
#--
printf 'a\nb\nc\nd\n' > r.txt; printf -- '--- r.txt\n+++ r.txt\n@@ -2,2 +2,2 @@\n-b\n-c\n+B\n+C\n' > r.patch; patch < r.patch; cat r.txt; patch -R < r.patch; cat r.txt
