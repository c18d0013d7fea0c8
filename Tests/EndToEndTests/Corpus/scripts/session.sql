create table t(id integer primary key, x);
create table skip_me(id integer primary key, y);
.session open main s1
.session list
.session s1 attach t
.session s1 isempty
insert into t values(1,2);
.session s1 isempty
.session s1 changeset cs.bin
.session s1 patchset ps.bin
select hex(readfile('cs.bin')), hex(readfile('ps.bin'));
.session s1 enable
.session s1 enable off
insert into t values(3,4);
.session s1 enable on
.session s1 indirect
.session s1 indirect on
.session open main s2
.session s2 filter skip*
.session s2 attach *
insert into skip_me values(1,1);
insert into t values(5,6);
.session s2 changeset cs2.bin
select hex(readfile('cs2.bin'));
.session open main s2
.session open main s3
.session open main s4
.session open main s5
.session list
.session s2 close
.session list
.session
.session bogus
.session s1 bogus
.session s1 changeset
.session s1 close
.session s3 close
.session s4 close
.session list
.session attach t
.session changeset x.bin
.session isempty
.session open nosuchdb s9
.session list
