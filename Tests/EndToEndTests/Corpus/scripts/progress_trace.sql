.progress 10 --limit 3
with recursive c(x) as (select 1 union all select x+1 from c where x < 100) select count(*) from c;
.progress 5 --quiet --limit 2 --once
with recursive c(x) as (select 1 union all select x+1 from c where x < 100) select count(*) from c;
with recursive c(x) as (select 1 union all select x+1 from c where x < 100) select count(*) from c;
.progress --bogus
.progress --limit
.progress
.trace stdout
select 1;
select 'two';
.trace off
select 3;
.trace --bogus
.timeout 100
.timeout
select 4;
