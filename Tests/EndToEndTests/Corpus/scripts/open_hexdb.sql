-- .open --hexdb: dbtotxt text read from the input (the lines are consumed) or from a file; bad
-- headers skip to '| end ' and report the line; .show's filename follows .open.
.open --hexdb
| size 8192 pagesize 4096 filename h.db
| page 1 offset 0
|      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00   SQLite format 3.
|     16: 10 00 01 01 00 40 20 20 00 00 00 02 00 00 00 02   .....@  ........
|     32: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 04   ................
|     48: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00   ................
|     80: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02   ................
|     96: 00 2e 63 01 0d 00 00 00 01 0f dd 00 0f dd 00 00   ..c.............
|   4048: 00 00 00 00 00 00 00 00 00 00 00 00 00 21 01 06   .............!..
|   4064: 17 0f 0f 01 33 74 61 62 6c 65 74 74 02 43 52 45   ....3tablett.CRE
|   4080: 41 54 45 20 54 41 42 4c 45 20 74 28 61 2c 62 29   ATE TABLE t(a,b)
| page 2 offset 4096
|      0: 0d 00 00 00 02 0f f3 00 0f fa 0f f3 00 00 00 00   ................
|   4080: 00 00 00 05 02 03 01 0f 02 79 04 01 03 09 0f 78   .........y.....x
| end h.db
select * from t;
.show
select length(writefile('h.txt', '| size 8192 pagesize 4096 filename h.db
| page 1 offset 0
|      0: 53 51 4c 69 74 65 20 66 6f 72 6d 61 74 20 33 00   SQLite format 3.
|     16: 10 00 01 01 00 40 20 20 00 00 00 02 00 00 00 02   .....@  ........
|     32: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 04   ................
|     48: 00 00 00 00 00 00 00 00 00 00 00 01 00 00 00 00   ................
|     80: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02   ................
|     96: 00 2e 63 01 0d 00 00 00 01 0f dd 00 0f dd 00 00   ..c.............
|   4048: 00 00 00 00 00 00 00 00 00 00 00 00 00 21 01 06   .............!..
|   4064: 17 0f 0f 01 33 74 61 62 6c 65 74 74 02 43 52 45   ....3tablett.CRE
|   4080: 41 54 45 20 54 41 42 4c 45 20 74 28 61 2c 62 29   ATE TABLE t(a,b)
| page 2 offset 4096
|      0: 0d 00 00 00 02 0f f3 00 0f fa 0f f3 00 00 00 00   ................
|   4080: 00 00 00 05 02 03 01 0f 02 79 04 01 03 09 0f 78   .........y.....x
| end h.db'));
.open --hexdb h.txt
select count(*) from t;
.show
.open --hexdb
| size x
select 'skipped';
| end x
select 'after';
.open --hexdb nosuch.txt
.open x.db
.show
.open
.show
