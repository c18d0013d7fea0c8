#!/usr/bin/env bash
# Every function the catalog shares with sqlean, timed in sqlsh and in the stock sqlite3 with
# sqlean's C extension loaded, on the same ROWS-row table (default 1,000,000), with the same
# query in both shells and the same result required of both (issue 23).
#
# The tables (made once by sqlite3 with sqlean loaded, then read by both shells), ROWS rows
# each, narrow so that a scan reads few pages and the functions' own cost shows:
#   t(s, t, x, p, y, i, u)  s and t 10-40 random ASCII characters (letters, digits, space,
#                           punctuation); x a real in -1000..1000, p in 0..1000, y in -1..1;
#                           i an integer 0..10^6; u Unix seconds (1970-2100)
#   lat(l)                  10-40 random characters of accented Latin text (Unicode functions)
#   tm(tv, tv2, ts, i)      sqlean time values, an ISO 8601 text time, t's i
#   net(ip)                 IPv4 addresses, most with a prefix length
#   ids(uid, u7)            UUIDs v4 and v7 as text
#   enc(b64, hx)            t's s in base64 and in hex
# A query is `select sum(length(f(s))) from t`, a sum of the numbers the function gives, or
# the aggregate itself, so that only the function's cost and the scan are timed. Reals are
# rounded where the two may differ in the last digits; results that must differ (random UUIDs,
# the current time) are compared by their shape only (length, count). Functions with side
# effects on files or on the database run on a tenth or a hundredth of the rows, write into a
# fresh temporary folder each run (@TMP@), or run on a new empty database (`new:` queries,
# rows made by a recursive CTE of @N@ rows).
#
# Output: one line per case, grouped by pack: sqlsh's and sqlean's best wall time of RUNS runs
# (default 3, the two shells run in turns), their ratio (sqlsh / sqlean, lower is better) and
# "MISMATCH" with both results when they differ (the script then exits 1). A first line times a
# plain scan (count(s)) in both shells: the part of every figure no function changes.
#
# Environment: SQLEAN_DIST (a folder with sqlean's sqlean.so; without it the script prints a
# note and does nothing), SQLSH (default .build/release/sqlsh, built by `make build` when
# missing), SQLITE3 (default sqlite3), ROWS, RUNS, ONLY (an extended regular expression:
# only the cases whose "pack function" line matches), DB (a database file to keep the table
# in: made when missing, reused when it has ROWS rows; default a temporary file), MEASURE
# (`instructions`: count each query's instructions once with valgrind's callgrind instead of
# timing it, the figure a loaded machine leaves alone; best with ROWS=100000).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SQLEAN_DIST:-}" ]; then
    echo "sqlean comparison skipped: set SQLEAN_DIST to a folder with sqlean 0.28.3's sqlean.so"
    exit 0
fi
SQLEAN_SO="$SQLEAN_DIST/sqlean"
[ -f "$SQLEAN_SO.so" ] || { echo "no sqlean.so in $SQLEAN_DIST" >&2; exit 1; }
SQLSH=${SQLSH:-.build/release/sqlsh}
SQLITE3=${SQLITE3:-sqlite3}
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-3}
ONLY=${ONLY:-}
MEASURE=${MEASURE:-time}
[ "$MEASURE" = instructions ] && RUNS=1

if [ ! -x "$SQLSH" ]; then
    echo "building $SQLSH ..." >&2
    make build >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db=${DB:-$work/compare.db}
file="$work/small.txt"   # what fileio_read reads, fileio_symlink links to
printf '%s\n' "a line of text for fileio_read to read on every call" >"$file"

sqlean() { "$SQLITE3" -cmd ".load $SQLEAN_SO" "$@"; }

# The tables, unless DB already holds them with ROWS rows.
if [ "$("$SQLITE3" "$db" "select count(*) from enc" 2>/dev/null || true)" != "$ROWS" ]; then
    rm -f "$db"
    # Two pools of random characters; each row takes a random slice of 10 to 40 of them. No ß:
    # sqlsh's nupper and casefold map it to SS and ss (Unicode's full mappings), sqlean keeps it.
    awk 'BEGIN {
        srand(23)
        a = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_:;!?()"
        n = split("a b c d e f g h i j k l m n o p r s t u v y z é è ê ë à â ä ô ö û ü ù ç î ï ñ æ œ ø å É À Ç Ö Ü", lat, " ")
        printf "create temp table pool(ascii text, latin text); insert into pool values (\x27"
        for (i = 0; i < 100000; i++) printf "%s", substr(a, 1 + int(rand() * length(a)), 1)
        printf "\x27, \x27"
        for (i = 0; i < 100000; i++) printf "%s", (rand() < 0.15 ? " " : lat[1 + int(rand() * n)])
        print "\x27);"
    }' >"$work/pool.sql"
    sqlean "$db" >/dev/null <<EOF
.read $work/pool.sql
create table t(s text, t text, x real, p real, y real, i integer, u integer);
with recursive c(k) as (select 1 union all select k + 1 from c where k < $ROWS)
insert into t
select substr(ascii, 1 + abs(random()) % 99000, 10 + abs(random()) % 31),
       substr(ascii, 1 + abs(random()) % 99000, 10 + abs(random()) % 31),
       (random() % 1000000) / 1000.0, abs(random() % 1000000) / 1000.0, (random() % 1000000) / 1000000.0,
       abs(random()) % 1000001, abs(random()) % 4102444800
from c, pool;
-- sqlean 0.28.3 reads March 1 of a leap year as February 29 (1976-03-01 as 1976-02-29): no
-- such day in the table, so that the results can be compared.
update t set u = u + 86400 where strftime('%m-%d', u, 'unixepoch') = '03-01';
create table lat(l text);
insert into lat select substr(latin, 1 + abs(random()) % 99000, 10 + abs(random()) % 31) from t, pool order by t.rowid;
create table tm(tv blob, tv2 blob, ts text, i integer);
insert into tm select time_unix(u, abs(random()) % 1000000000), time_unix(abs(random()) % 4102444800),
                      time_fmt_iso(time_unix(u)), i from t order by rowid;
create table net(ip text);
insert into net select (abs(random()) % 256) || '.' || (abs(random()) % 256) || '.' || (abs(random()) % 256) || '.'
                       || (abs(random()) % 256) || iif(abs(random()) % 10 = 0, '', '/' || (8 + abs(random()) % 25)) from t;
create table ids(uid text, u7 text);
insert into ids select uuid4(), uuid7(u) from t order by rowid;
create table enc(b64 text, hx text);
insert into enc select encode(s, 'base64'), encode(s, 'hex') from t order by rowid;
EOF
fi

# pack, function (a label; a variant's after a colon) and the query, the same in both shells.
# Cases are grouped by pack. A query starting with `new:` runs on a new empty database, one
# with `tail:` has only the number that ends its output compared (sqlean's define_cache() prints).
cases=$(cat <<'EOF'
crypto  blake3                select sum(length(blake3(s))) from t
crypto  crypto_blake3         select sum(length(crypto_blake3(s))) from t
crypto  md5                   select sum(length(md5(s))) from t
crypto  crypto_md5            select sum(length(crypto_md5(s))) from t
crypto  sha1                  select sum(length(sha1(s))) from t
crypto  crypto_sha1           select sum(length(crypto_sha1(s))) from t
crypto  sha256                select sum(length(sha256(s))) from t
crypto  crypto_sha256         select sum(length(crypto_sha256(s))) from t
crypto  sha384                select sum(length(sha384(s))) from t
crypto  crypto_sha384         select sum(length(crypto_sha384(s))) from t
crypto  sha512                select sum(length(sha512(s))) from t
crypto  crypto_sha512         select sum(length(crypto_sha512(s))) from t
crypto  xxh32                 select sum(length(xxh32(s))) from t
crypto  crypto_xxh32          select sum(length(crypto_xxh32(s))) from t
crypto  xxh64                 select sum(length(xxh64(s))) from t
crypto  crypto_xxh64          select sum(length(crypto_xxh64(s))) from t
crypto  xxh3_64               select sum(length(xxh3_64(s))) from t
crypto  crypto_xxh3_64        select sum(length(crypto_xxh3_64(s))) from t
crypto  xxh3_128              select sum(length(xxh3_128(s))) from t
crypto  crypto_xxh3_128       select sum(length(crypto_xxh3_128(s))) from t
crypto  encode                select sum(length(encode(s, 'base64'))) from t
crypto  encode:base32         select sum(length(encode(s, 'base32'))) from t
crypto  encode:base85         select sum(length(encode(s, 'base85'))) from t
crypto  encode:hex            select sum(length(encode(s, 'hex'))) from t
crypto  encode:url            select sum(length(encode(s, 'url'))) from t
crypto  crypto_encode         select sum(length(crypto_encode(s, 'base64'))) from t
crypto  decode                select sum(length(decode(b64, 'base64'))) from enc
crypto  decode:hex            select sum(length(decode(hx, 'hex'))) from enc
crypto  decode:base32         select sum(length(decode(encode(s, 'base32'), 'base32'))) from t where rowid % 10 = 0
crypto  decode:base85         select sum(length(decode(encode(s, 'base85'), 'base85'))) from t where rowid % 10 = 0
crypto  decode:url            select sum(length(decode(encode(s, 'url'), 'url'))) from t where rowid % 10 = 0
crypto  crypto_decode         select sum(length(crypto_decode(b64, 'base64'))) from enc
define  define                new:pragma synchronous = off; select define('f0', '1'); with recursive c(i) as (select 1 union all select i + 1 from c where i < @N1000@) select count(define('f' || i, '?1 + ' || i)) + 1 from c
define  undefine              new:pragma synchronous = off; select define('f0', '1'); with recursive c(i) as (select 1 union all select i + 1 from c where i < @N1000@) select sum(coalesce(length(undefine('f' || i)), 0) >= 0) from c
define  define_cache          tail:select sum(coalesce(length(define_cache()), 0) >= 0) from t where rowid % 10 = 0
define  define_free           select sum(coalesce(length(define_free()), 0) >= 0) from t where rowid % 10 = 0
define  eval                  select sum(length(eval('select ' || i || ', 2'))) from t where rowid % 10 = 0
fileio  fileio_read           select sum(length(fileio_read('@FILE@'))) from t where rowid % 10 = 0
fileio  fileio_write          select sum(fileio_write('@TMP@/w' || (rowid % 100), s)) from t where rowid % 1000 = 0
fileio  fileio_append         select sum(fileio_append('@TMP@/a' || (rowid % 100), s)) from t where rowid % 10 = 0
fileio  fileio_mkdir          select count(fileio_mkdir('@TMP@/d' || (rowid % 1000))) from t where rowid % 10 = 0
fileio  mkdir                 select count(mkdir('@TMP@/d' || (rowid % 1000))) from t where rowid % 10 = 0
fileio  fileio_symlink        select count(fileio_symlink('@FILE@', '@TMP@/l' || rowid)) from t where rowid % 100 = 0
fileio  symlink               select count(symlink('@FILE@', '@TMP@/l' || rowid)) from t where rowid % 100 = 0
fileio  fileio_mode           select sum(length(fileio_mode(i))) from t
fuzzy   levenshtein           select sum(levenshtein(s, t)) from t
fuzzy   fuzzy_leven           select sum(fuzzy_leven(s, t)) from t
fuzzy   dlevenshtein          select sum(dlevenshtein(s, t)) from t
fuzzy   fuzzy_damlev          select sum(fuzzy_damlev(s, t)) from t
fuzzy   osa_distance          select sum(osa_distance(s, t)) from t
fuzzy   fuzzy_osadist         select sum(fuzzy_osadist(s, t)) from t
fuzzy   edit_distance         select sum(edit_distance(s, t)) from t
fuzzy   fuzzy_editdist        select sum(fuzzy_editdist(s, t)) from t
fuzzy   hamming               select sum(hamming(s, upper(s))) from t
fuzzy   fuzzy_hamming         select sum(fuzzy_hamming(s, upper(s))) from t
fuzzy   jaro_winkler          select round(sum(jaro_winkler(s, t)), 6) from t
fuzzy   fuzzy_jarowin         select round(sum(fuzzy_jarowin(s, t)), 6) from t
fuzzy   caverphone            select count(distinct caverphone(s)) from t
fuzzy   fuzzy_caver           select count(distinct fuzzy_caver(s)) from t
fuzzy   phonetic_hash         select sum(length(phonetic_hash(s))) from t
fuzzy   fuzzy_phonetic        select sum(length(fuzzy_phonetic(s))) from t
fuzzy   fuzzy_soundex         select count(distinct fuzzy_soundex(s)) from t
fuzzy   fuzzy_soundex:length  select sum(length(fuzzy_soundex(s))) from t
fuzzy   rsoundex              select count(distinct rsoundex(s)) from t
fuzzy   fuzzy_rsoundex        select count(distinct fuzzy_rsoundex(s)) from t
fuzzy   script_code           select sum(script_code(l)) from lat
fuzzy   fuzzy_script          select sum(fuzzy_script(l)) from lat
fuzzy   translit              select sum(length(translit(s))) from t
fuzzy   translit:latin        select sum(length(translit(l))) from lat
fuzzy   fuzzy_translit        select sum(length(fuzzy_translit(l))) from lat
ipaddr  ipfamily              select sum(ipfamily(ip)) from net
ipaddr  iphost                select sum(length(iphost(ip))) from net
ipaddr  ipmasklen             select sum(ipmasklen(ip)) from net
ipaddr  ipnetwork             select sum(length(ipnetwork(ip))) from net
ipaddr  ipcontains            select sum(ipcontains('128.0.0.0/2', ip)) from net
math    math_sqrt             select round(sum(math_sqrt(p)), 3) from t
math    math_pow              select round(sum(math_pow(y, 3)), 3) from t
math    math_exp              select round(sum(math_exp(y)), 3) from t
math    math_ln               select round(sum(math_ln(p + 1)), 3) from t
math    math_log              select round(sum(math_log(p + 1)), 3) from t
math    math_log:base         select round(sum(math_log(2, p + 1)), 3) from t
math    math_log10            select round(sum(math_log10(p + 1)), 3) from t
math    math_log2             select round(sum(math_log2(p + 1)), 3) from t
math    math_mod              select round(sum(math_mod(x, 7)), 3) from t
math    math_ceil             select sum(math_ceil(x)) from t
math    math_floor            select sum(math_floor(x)) from t
math    math_trunc            select sum(math_trunc(x)) from t
math    math_round            select round(sum(math_round(x)), 3) from t
math    math_round:digits     select round(sum(math_round(x, 2)), 3) from t
math    math_sin              select round(sum(math_sin(x)), 3) from t
math    math_cos              select round(sum(math_cos(x)), 3) from t
math    math_tan              select round(sum(math_tan(y)), 3) from t
math    math_asin             select round(sum(math_asin(y)), 3) from t
math    math_acos             select round(sum(math_acos(y)), 3) from t
math    math_atan             select round(sum(math_atan(x)), 3) from t
math    math_atan2            select round(sum(math_atan2(y, x)), 3) from t
math    math_sinh             select round(sum(math_sinh(y)), 3) from t
math    math_cosh             select round(sum(math_cosh(y)), 3) from t
math    math_tanh             select round(sum(math_tanh(x)), 3) from t
math    math_asinh            select round(sum(math_asinh(x)), 3) from t
math    math_acosh            select round(sum(math_acosh(p + 1)), 3) from t
math    math_atanh            select round(sum(math_atanh(y * 0.999)), 3) from t
math    math_degrees          select round(sum(math_degrees(y)), 3) from t
math    math_radians          select round(sum(math_radians(x)), 3) from t
math    math_pi               select round(sum(math_pi()), 3) from t
regexp  regexp_like           select sum(regexp_like(s, '[0-9]{2}')) from t
regexp  regexp_substr         select sum(length(regexp_substr(s, '[a-z]+[0-9]'))) from t
regexp  regexp_capture        select sum(length(regexp_capture(s, '([a-z]+)([0-9])', 2))) from t
regexp  regexp_replace        select sum(length(regexp_replace(s, '[aeiou]', '--'))) from t
stats   stddev                select round(stddev(x), 6) from t
stats   stddev_samp           select round(stddev_samp(x), 6) from t
stats   stddev_pop            select round(stddev_pop(x), 6) from t
stats   variance              select round(variance(x), 6) from t
stats   var_samp              select round(var_samp(x), 6) from t
stats   var_pop               select round(var_pop(x), 6) from t
stats   stats_stddev          select round(stats_stddev(x), 6) from t
stats   stats_stddev_samp     select round(stats_stddev_samp(x), 6) from t
stats   stats_stddev_pop      select round(stats_stddev_pop(x), 6) from t
stats   stats_var             select round(stats_var(x), 6) from t
stats   stats_var_samp        select round(stats_var_samp(x), 6) from t
stats   stats_var_pop         select round(stats_var_pop(x), 6) from t
stats   median                select median(x) from t
stats   stats_median          select stats_median(x) from t
stats   percentile            select percentile(x, 33) from t
stats   stats_perc            select stats_perc(x, 33) from t
stats   percentile_25         select percentile_25(x) from t
stats   stats_p25             select stats_p25(x) from t
stats   percentile_75         select percentile_75(x) from t
stats   stats_p75             select stats_p75(x) from t
stats   percentile_90         select percentile_90(x) from t
stats   stats_p90             select stats_p90(x) from t
stats   percentile_95         select percentile_95(x) from t
stats   stats_p95             select stats_p95(x) from t
stats   percentile_99         select percentile_99(x) from t
stats   stats_p99             select stats_p99(x) from t
text    reverse               select sum(length(reverse(s))) from t
text    text_reverse          select sum(length(text_reverse(s))) from t
text    char_length           select sum(char_length(s)) from t
text    character_length      select sum(character_length(s)) from t
text    text_length           select sum(text_length(s)) from t
text    octet_length          select sum(octet_length(s)) from t
text    text_size             select sum(text_size(s)) from t
text    bit_length            select sum(bit_length(s)) from t
text    text_bitsize          select sum(text_bitsize(s)) from t
text    left                  select sum(length("left"(s, 5))) from t
text    text_left             select sum(length(text_left(s, 5))) from t
text    right                 select sum(length("right"(s, 5))) from t
text    text_right            select sum(length(text_right(s, 5))) from t
text    lpad                  select sum(length(lpad(s, 30, '*'))) from t
text    text_lpad             select sum(length(text_lpad(s, 30, '*'))) from t
text    rpad                  select sum(length(rpad(s, 30, '*'))) from t
text    text_rpad             select sum(length(text_rpad(s, 30, '*'))) from t
text    split_part            select sum(length(split_part(s, 'a', 1))) from t
text    text_split            select sum(length(text_split(s, 'a', 1))) from t
text    translate             select sum(length(translate(s, 'abc', 'xyz'))) from t
text    text_translate        select sum(length(text_translate(s, 'abc', 'xyz'))) from t
text    text_substring        select sum(length(text_substring(s, 2, 10))) from t
text    text_slice            select sum(length(text_slice(s, 2, 10))) from t
text    strpos                select sum(strpos(s, 'a')) from t
text    text_index            select sum(text_index(s, 'a')) from t
text    text_last_index       select sum(text_last_index(s, 'a')) from t
text    text_contains         select sum(text_contains(s, 'a')) from t
text    starts_with           select sum(starts_with(s, 'a')) from t
text    text_has_prefix       select sum(text_has_prefix(s, 'a')) from t
text    text_has_suffix       select sum(text_has_suffix(s, 'a')) from t
text    text_count            select sum(text_count(s, 'a')) from t
text    text_like             select sum(text_like('%a_b%', s)) from t
text    concat                select sum(length(concat(s, t))) from t
text    text_concat           select sum(length(text_concat(s, t))) from t
text    concat_ws             select sum(length(concat_ws(',', s, t))) from t
text    text_join             select sum(length(text_join(',', s, t))) from t
text    repeat                select sum(length(repeat(s, 3))) from t
text    text_repeat           select sum(length(text_repeat(s, 3))) from t
text    btrim                 select sum(length(btrim(s, 'abc'))) from t
text    text_trim             select sum(length(text_trim(s, 'abc'))) from t
text    text_ltrim            select sum(length(text_ltrim(s, 'abc'))) from t
text    text_rtrim            select sum(length(text_rtrim(s, 'abc'))) from t
text    text_upper            select sum(length(text_upper(s))) from t
text    text_lower            select sum(length(text_lower(s))) from t
text    text_title            select sum(length(text_title(s))) from t
text    text_casefold         select sum(length(text_casefold(s))) from t
text    text_replace          select sum(length(text_replace(s, 'a', 'xyz'))) from t
time    time_now              select sum(length(time_now())) from t
time    now                   select sum(length(now())) from t
time    time_date             select sum(length(time_date(1970 + i % 130, 1 + i % 12, 1 + i % 28))) from t
time    make_date             select sum(length(make_date(1970 + i % 130, 1 + i % 12, 1 + i % 28))) from t
time    make_timestamp        select sum(length(make_timestamp(1970 + i % 130, 1 + i % 12, 1 + i % 28, i % 24, i % 60, i % 60))) from t
time    time_unix             select sum(length(time_unix(u))) from t
time    to_timestamp          select sum(length(to_timestamp(u))) from t
time    time_milli            select sum(length(time_milli(u * 1000))) from t
time    time_micro            select sum(length(time_micro(u * 1000000))) from t
time    time_nano             select sum(length(time_nano(u * 1000000000))) from t
time    time_get_year         select sum(time_get_year(tv)) from tm
time    time_get_month        select sum(time_get_month(tv)) from tm
time    time_get_day          select sum(time_get_day(tv)) from tm
time    time_get_hour         select sum(time_get_hour(tv)) from tm
time    time_get_minute       select sum(time_get_minute(tv)) from tm
time    time_get_second       select sum(time_get_second(tv)) from tm
time    time_get_nano         select sum(time_get_nano(tv)) from tm
time    time_get_weekday      select sum(time_get_weekday(tv)) from tm
time    time_get_yearday      select sum(time_get_yearday(tv)) from tm
time    time_get_isoyear      select sum(time_get_isoyear(tv)) from tm
time    time_get_isoweek      select sum(time_get_isoweek(tv)) from tm
time    time_get              select sum(time_get(tv, 'isoweek')) from tm
time    date_part             select sum(date_part('isoweek', tv)) from tm
time    time_to_unix          select sum(time_to_unix(tv)) from tm
time    time_to_milli         select sum(time_to_milli(tv)) from tm
time    time_to_micro         select sum(time_to_micro(tv) % 1000000007) from tm
time    time_to_nano          select sum(time_to_nano(tv) % 1000000007) from tm
time    time_after            select sum(time_after(tv, tv2)) from tm
time    time_before           select sum(time_before(tv, tv2)) from tm
time    time_compare          select sum(time_compare(tv, tv2)) from tm
time    time_equal            select sum(time_equal(tv, tv2)) from tm
time    time_add              select sum(length(time_add(tv, i * 1000000000))) from tm
time    date_add              select sum(length(date_add(tv, i * 1000000000))) from tm
time    time_sub              select sum(time_sub(tv, tv2) % 1000000007) from tm
time    age                   select sum(age(tv, tv2) % 1000000007) from tm
time    time_since            select count(time_since(tv)) from tm
time    time_until            select count(time_until(tv)) from tm
time    time_add_date         select sum(length(time_add_date(tv, 1, 2, 3))) from tm
time    time_trunc            select sum(length(time_trunc(tv, 'month'))) from tm
time    date_trunc            select sum(length(date_trunc('month', tv))) from tm
time    time_round            select sum(length(time_round(tv, 3600000000000))) from tm
time    time_fmt_iso          select sum(length(time_fmt_iso(tv))) from tm
time    time_fmt_datetime     select sum(length(time_fmt_datetime(tv))) from tm
time    time_fmt_date         select sum(length(time_fmt_date(tv))) from tm
time    time_fmt_time         select sum(length(time_fmt_time(tv))) from tm
time    time_parse            select sum(length(time_parse(ts))) from tm
time    dur_ns                select sum(dur_ns()) from t
time    dur_us                select sum(dur_us()) from t
time    dur_ms                select sum(dur_ms()) from t
time    dur_s                 select sum(dur_s()) from t
time    dur_m                 select sum(dur_m()) from t
time    dur_h                 select sum(dur_h() % 1000007) from t
unicode nupper                select sum(length(nupper(l))) from lat
unicode nlower                select sum(length(nlower(l))) from lat
unicode casefold              select sum(length(casefold(l))) from lat
unicode unaccent              select sum(length(unaccent(l))) from lat
unicode nlike                 select sum(nlike('%e_a%', l)) from lat
unicode unicode_version       select count(unicode_version()) from t
uuid    uuid4                 select sum(length(uuid4())) from t
uuid    gen_random_uuid       select sum(length(gen_random_uuid())) from t
uuid    uuid7                 select sum(length(uuid7())) from t
uuid    uuid7_timestamp_ms    select sum(uuid7_timestamp_ms(u7) % 1000007) from ids
uuid    uuid_str              select sum(length(uuid_str(uid))) from ids
uuid    uuid_blob             select sum(length(uuid_blob(uid))) from ids
EOF
)

# Runs one query in one shell: prints its output, or "ERROR: " and its errors when it fails.
# (What a shell that succeeds prints on stderr is left out: sqlean's define leaves statements
# unfinalized, which sqlite3 reports when it closes the database.)
run() { # SHELL(sqlsh|sqlean) QUERY DIR
    local shell=$1 query=$2 dir=$3 target=$db out
    query=${query//@TMP@/$dir}
    query=${query//@FILE@/$file}
    query=${query//@N1000@/$((ROWS / 1000))}
    if [ "${query#new:}" != "$query" ]; then query=${query#new:}; target="$dir/new.db"; fi
    local wrap=()
    [ "$MEASURE" = instructions ] && wrap=(valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$dir.count")
    if [ "$shell" = sqlsh ]; then
        out=$("${wrap[@]}" "$SQLSH" -batch "$target" "$query" 2>"$dir.err") || out="ERROR: $(cat "$dir.err")"
    else
        out=$("${wrap[@]}" "$SQLITE3" -cmd ".load $SQLEAN_SO" -batch "$target" "$query" 2>"$dir.err") || out="ERROR: $(cat "$dir.err")"
    fi
    rm -f "$dir.err"
    printf '%s' "$out"
}

# Times one query in both shells, in turns: sets best_sqlsh, best_sqlean (ns), out_sqlsh,
# out_sqlean (the first run's output).
time_case() { # QUERY
    local query=$1 r shell start end dir t
    best_sqlsh="" best_sqlean="" out_sqlsh="" out_sqlean=""
    for r in $(seq "$RUNS"); do
        for shell in sqlsh sqlean; do
            dir="$work/run-$shell-$r"
            rm -rf "$dir"; mkdir -p "$dir"
            start=$(date +%s%N)
            local out
            out=$(run "$shell" "$query" "$dir")
            end=$(date +%s%N)
            t=$((end - start))
            if [ "$MEASURE" = instructions ]; then
                t=$(awk '/Collected :/ { gsub(",", "", $4); print $4 }' "$dir.count")
                rm -f "$dir.count"
            fi
            rm -rf "$dir"
            if [ "$shell" = sqlsh ]; then
                [ "$r" = 1 ] && out_sqlsh=$out
                if [ -z "$best_sqlsh" ] || [ "$t" -lt "$best_sqlsh" ]; then best_sqlsh=$t; fi
            else
                [ "$r" = 1 ] && out_sqlean=$out
                if [ -z "$best_sqlean" ] || [ "$t" -lt "$best_sqlean" ]; then best_sqlean=$t; fi
            fi
        done
    done
}

# Seconds from nanoseconds, or millions of instructions.
seconds() { awk -v n="$1" 'BEGIN { printf "%.3f", n / 1e9 }'; }
[ "$MEASURE" = instructions ] && seconds() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }
unit=s; [ "$MEASURE" = instructions ] && unit=Mi

echo "sqlean comparison: $ROWS rows, best of $RUNS runs; sqlsh $SQLSH, sqlite3 $("$SQLITE3" -version | cut -d' ' -f1) with $SQLEAN_SO.so"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf "%-8s %-22s %9s %9s %7s\n" pack function "sqlsh $unit" "sqlean $unit" ratio
time_case "select count(s) from t"
printf "%-8s %-22s %9s %9s %7s  %s\n" "-" "(scan: count(s))" "$(seconds "$best_sqlsh")" "$(seconds "$best_sqlean")" \
    "$(awk -v a="$best_sqlsh" -v b="$best_sqlean" 'BEGIN { printf "%.2f", a / b }')" "no function"

mismatches=0 errors=0 over=0 total=0
while read -r pack name query; do
    [ -z "$pack" ] && continue
    if [ -n "$ONLY" ] && ! [[ "$pack $name" =~ $ONLY ]]; then continue; fi
    tail=""; if [ "${query#tail:}" != "$query" ]; then query=${query#tail:}; tail=1; fi
    time_case "$query"
    total=$((total + 1))
    ratio=$(awk -v a="$best_sqlsh" -v b="$best_sqlean" 'BEGIN { printf "%.2f", a / b }')
    note=""
    if [ -n "$tail" ]; then out_sqlsh=${out_sqlsh##*[!0-9]}; out_sqlean=${out_sqlean##*[!0-9]}; fi
    if [ "${out_sqlsh#ERROR}" != "$out_sqlsh" ] || [ "${out_sqlean#ERROR}" != "$out_sqlean" ]; then
        note="ERROR sqlsh: ${out_sqlsh//$'\n'/ } | sqlean: ${out_sqlean//$'\n'/ }"; ratio="-"; errors=$((errors + 1))
    elif [ "$out_sqlsh" != "$out_sqlean" ]; then
        note="MISMATCH sqlsh: ${out_sqlsh//$'\n'/ } | sqlean: ${out_sqlean//$'\n'/ }"; ratio="-"; mismatches=$((mismatches + 1))
    elif awk -v r="$ratio" 'BEGIN { exit !(r > 1.0) }'; then
        note="> 1"; over=$((over + 1))
    fi
    [ ${#note} -gt 160 ] && note="${note:0:157}..."
    printf "%-8s %-22s %9s %9s %7s  %s\n" "$pack" "$name" "$(seconds "$best_sqlsh")" "$(seconds "$best_sqlean")" "$ratio" "$note"
done <<<"$cases"

echo "$total cases: $over above 1.0, $mismatches mismatched, $errors failed; load average now $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
[ "$mismatches" = 0 ] && [ "$errors" = 0 ]
