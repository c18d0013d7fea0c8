.schema c%
select count(*) from completion('');
select * from completion('sel');
create table t(abc,abd); create table u(id, abc); create index i on t(abd); create view v as select 1 as ab;
select * from completion('ab');
select candidate from completion('a','select a');
select rowid, candidate, prefix, wholeline, phase from completion('', 'select * from t') ;
select rowid, candidate, prefix, wholeline, phase from completion(NULL, 'select ab') ;
select candidate, phase from completion('') where phase > 1;
select candidate from completion where prefix='MA' and phase=1;
select candidate from completion('ab') where wholeline = 'x';
attach ':memory:' as aux; create table aux.w(abz, abc);
select candidate, phase from completion('') where phase > 1;
select * from pragma_table_xinfo('completion');
select name from pragma_module_list where name like 'comp%';
select * from completion(x'6162');
select * from completion(12);
