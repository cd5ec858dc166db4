TZ=UTC date -d @0 +%Y-%m-%d
#--
date -u -d @0 '+%Y-%m-%dT%H:%M:%SZ'
#--
TZ=UTC date -d '2024-01-02' +%s
#--
TZ=UTC date -d '2024-01-02 03:04:05' '+%a %b %e %H:%M:%S %Z %Y'
#--
date -u -d @1700000000
#--
date -u -d @1700000000 +%j-%U-%u-%w-%y-%C-%G-%V
#--
TZ=UTC date -d '2024-02-29 +1 day' +%F
#--
TZ=UTC date -d '2024-01-31 +1 month' +%F
#--
TZ=UTC date -d '2024-03-10 -1 week' +%F
#--
date -u -d @86399 +%T
#--
date -u -d @0 +%s%N
#--
date -u -d @1234567890 -R
#--
date -u -d @1234567890 -I
#--
date -u -d @1234567890 --iso-8601=seconds
#--
TZ=UTC date -d 'tomorrow' +%F >/dev/null; echo st=$?
#--
date -u -d 'bogus date' +%F; echo st=$?
#--
TZ=UTC date -d '2024-01-02T10:00:00Z' +%s
#--
date -u -d @0 '+%%|%n|%t|%p|%I|%l|%M'
#--
TZ=UTC date -d '1 Jan 2020' +%A
#--
date -u -d @1700000000 +'%D %r %R'
#--
TZ=UTC date -d '2024-06-15 12:00' +%s
#--
TZ=UTC date --date='@1700000000' +%Y
#--
date -u -d @0 +%-d/%-m/%_H
