select 1;
select 2
;
select 3; select 4;
  select 5;   
/* a block
comment */
-- line comment only
;;;
select 'a;b', "c;d";
select 'multi
line';
select 6
/
select 7
go
select 8
GO  
select 9 /
;
select 10; -- trailing comment ; here
create table t(x);
create trigger tr after insert on t begin
  insert into t select 99 where 0;
  select 1;
end;
insert into t values(1);
select count(*) from t;
# a hash comment line
.print after hash
  .print not a command
;
select [bracket;name] from (select 1 as [bracket;name]);
select `back;tick` from (select 2 as `back;tick`);
select 11 /* comment ; */;
select 12
