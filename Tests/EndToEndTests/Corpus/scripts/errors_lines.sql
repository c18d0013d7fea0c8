select 1;

select nope from nowhere;
select 2;
create table u(x unique);
insert into u values (1);
insert into u values (1);
select 1 from;
  selec 2;
select 1 from t where a = 1 and b = 2 and c = 3 and d = 4 and e = 5 and xyzzy(1) = 2;
select 'é', 'ünïcödé' || ;
select abs(-9223372036854775808);
select
  1,
  2 +
  ;
select 3 as unfinished
