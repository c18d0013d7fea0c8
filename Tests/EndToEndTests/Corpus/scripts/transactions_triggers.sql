create table acct(id integer primary key, bal integer check (bal >= 0));
create table log(msg);
create trigger acct_upd after update on acct
begin
  insert into log values ('updated ' || old.id || ': ' || old.bal || ' -> ' || new.bal);
end;
create trigger acct_del before delete on acct when old.bal > 0
begin
  select raise(abort, 'account not empty');
end;
insert into acct values (1, 100), (2, 0);
begin;
update acct set bal = bal - 30 where id = 1;
update acct set bal = bal - 200 where id = 1;
commit;
select * from acct;
select * from log;
delete from acct where id = 1;
delete from acct where id = 2;
select * from acct;
savepoint s1;
insert into acct values (3, 5);
rollback to s1;
release s1;
select count(*) from acct;
create view v as select id, bal * 2 as dbl from acct;
select * from v;
with recursive fib(a, b, n) as (select 0, 1, 1 union all select b, a + b, n + 1 from fib where n < 15)
select group_concat(a, ',') from fib;
