create table e(a integer primary key, b, c);
create index e_b on e(b);
explain query plan select * from e where b = 1;
explain query plan select * from e where b = 1 union select * from e where c = 2;
.eqp on
select * from e where b = 1;
select count(*) from e;
.eqp off
explain select 1;
.explain off
explain select 1;
.explain on
select 1, 2;
.explain auto
explain select a from e where a > 5;
