.output inc.sql
.print select 'included 1';
.print
.print select nope;
.print   select 'included 3'
.print ;
.output stdout
select 'before';
.read inc.sql
select 'after';
.output self.sql
.print .read self.sql
.output stdout
.read self.sql
select 'after recursion';
.output quit.sql
.print select 'q1';
.print .quit
.print select 'q2';
.output stdout
.read quit.sql
select 'after quit file';
.output bail.sql
.print .bail on
.print select nope2;
.print select 'not reached';
.output stdout
.read bail.sql
select 'after bail file';
