-- Standard output keeps its buffer across .output/.once resets, as stdio does in sqlite3: a
-- .system child and a .once pipe write before or after it exactly as there.
.output a.txt
.print x
.output stdout
select 1;
.output b.txt
.system echo hi
.output stdout
select 2;
.once |cat
select 3;
.system echo ho
