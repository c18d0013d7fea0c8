.testctrl seek_count
.testctrl byteorder
.testctrl always 1
.testctrl always 0
.testctrl assert 1
.testctrl assert 0
.testctrl optimizations 0
.testctrl optimizations 0x10
.testctrl prng_save
.testctrl prng_seed 5
select random();
.testctrl prng_seed 5 main
select random();
.testctrl prng_restore
.testctrl internal_functions
.testctrl localtime_fault 0
.testctrl never_corrupt 1
.testctrl never_corrupt 0
.testctrl extra_schema_checks 1
.testctrl pending_byte 1073741824
.testctrl pending_byte
.testctrl sorter_mmap 0
.testctrl tune 1 2
.testctrl imposter main 0 0
.testctrl always
.testctrl byteorder x
.testctrl bogus
.testctrl pr
.testctrl
.testctrl --help
.testctrl -byteorder
.testctrl optimizations
.testctrl always yes
.testctrl always maybe
