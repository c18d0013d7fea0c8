create table t(a,b,c); create index ti on t(b, c); insert into t values(1,2,3),(4,5,6);
create table w(k text primary key, v) without rowid; insert into w values('z',1);
create index te on t(a+1);
.imposter ti imp
select * from imp;
.imposter w wimp
select * from wimp;
.imposter te eimp
.imposter nosuch x
.imposter
.imposter off
.imposter ti imp
.imposter t x
.imposter ti imp
