create table t(a,b,c);
create table u(x,y);
.expert
select * from t where a=1 and b>2;
.expert
select * from t, u where t.a=u.x order by c;
.expert
select * from t;
.expert -verbose
select * from t where c=3;
.expert
select * from nosuch;
select 5;
.expert
select * from t where a=1 order by b;
create table "my t"(id integer primary key, "a b" text collate nocase, k);
.expert -verbose
select * from "my t" where "a b" = 'x' and k > 3 and id = 5; select * from "my t" where k=1 order by "a b" desc;
.expert
select * from t where a = 1 collate nocase and c < 5 and b = 2;
.expert
update t set a=1 where b=2;
.expert -verbose
select 1;
create index ta on t(a);
.expert
select * from t where a=1 and b=2;
.expert
select * from t where a=1;
create view v as select * from t where c > 1;
.expert
select * from v where b = 3;
.expert bad
.expert -sample
.expert -sample 200
select 6;
