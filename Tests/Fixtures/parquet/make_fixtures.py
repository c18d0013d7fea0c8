#!/usr/bin/env python3
"""Writes the Parquet fixtures of the reader's tests, and DuckDB's answers for them.

The files come from the writers users meet: pyarrow (every encoding, compression and page
version it can write, every type, nested columns, nulls) and DuckDB (`COPY ... TO`). The
answers are DuckDB's rows for `select * from FILE` (and a few other queries), each value
rendered as sqlsh gives it: NULL, integers, reals as %.15g, text, blobs as X'HEX', dates,
times and timestamps as text, decimals as reals when they have at most 15 significant
digits, lists, maps and structs as JSON text. Run it from the repository's top folder:

    python3 Tests/Fixtures/parquet/make_fixtures.py

It rewrites Tests/Fixtures/parquet/*.parquet and answers.json. Needs `pip install duckdb pyarrow`.
"""
import datetime
import decimal
import json
import os
import uuid

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))


def path(name):
    return os.path.join(HERE, name)


def trim_fraction(text):
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def render(v, nested=False):
    """A value as sqlsh shows it (nested: inside JSON text)."""
    if v is None:
        return None if nested else "NULL"
    if isinstance(v, bool):
        return v if nested else str(int(v))
    if isinstance(v, int):
        return v if nested else str(v)
    if isinstance(v, float):
        return v if nested else "%.15g" % v
    if isinstance(v, decimal.Decimal):
        significant = len("".join(map(str, v.as_tuple().digits)).lstrip("0"))
        if significant <= 15:
            return float(v) if nested else "%.15g" % float(v)
        return float(str(v)) if nested else str(v)
    if isinstance(v, datetime.datetime):
        text = v.strftime("%Y-%m-%d %H:%M:%S")
        if v.microsecond:
            text += trim_fraction(".%06d" % v.microsecond)
        return text
    if isinstance(v, datetime.date):
        return v.isoformat()
    if isinstance(v, datetime.time):
        text = v.strftime("%H:%M:%S")
        if v.microsecond:
            text += trim_fraction(".%06d" % v.microsecond)
        return text
    if isinstance(v, uuid.UUID):
        return str(v)
    if isinstance(v, (bytes, bytearray)):
        if nested:
            return v.decode("utf-8", "replace")
        return "X'" + v.hex().upper() + "'"
    if isinstance(v, str):
        return v
    if isinstance(v, list):
        text = json.dumps([render(x, True) for x in v], separators=(",", ":"), ensure_ascii=False)
        return json.loads(text) if nested else text
    if isinstance(v, dict):
        text = json.dumps({str(k): render(x, True) for k, x in v.items()}, separators=(",", ":"), ensure_ascii=False)
        return json.loads(text) if nested else text
    raise TypeError(type(v))


FLAT = pa.table({
    "i8": pa.array([1, -2, None, 127], pa.int8()),
    "i16": pa.array([1000, -2, None, 32767], pa.int16()),
    "i32": pa.array([100000, -2, None, 2147483647], pa.int32()),
    "i64": pa.array([2**40, -2, None, 2**63 - 1], pa.int64()),
    "u8": pa.array([255, 0, None, 1], pa.uint8()),
    "u16": pa.array([65535, 0, None, 1], pa.uint16()),
    "u32": pa.array([4294967295, 0, None, 1], pa.uint32()),
    "u64": pa.array([2**63 - 1, 0, None, 1], pa.uint64()),
    "f32": pa.array([1.5, -0.25, None, 3.0], pa.float32()),
    "f64": pa.array([1.1, -2.5e-10, None, 1e300], pa.float64()),
    "b": pa.array([True, False, None, True]),
    "s": pa.array(["a", "", None, "héllo \"q\""]),
    "bin": pa.array([b"\x00\x01", b"", None, b"xyz"], pa.binary()),
    "d": pa.array([datetime.date(2024, 2, 29), datetime.date(1969, 12, 31), None, datetime.date(1, 1, 1)], pa.date32()),
    "t_ms": pa.array([datetime.time(12, 34, 56, 789000), datetime.time(0, 0), None, datetime.time(23, 59, 59)], pa.time32("ms")),
    "t_us": pa.array([datetime.time(12, 34, 56, 123456), datetime.time(0, 0, 1), None, datetime.time(1, 2, 3, 500)], pa.time64("us")),
    "ts_ms": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5, 6000), datetime.datetime(1960, 1, 1), None, datetime.datetime(2000, 1, 1, 0, 0, 0, 120000)], pa.timestamp("ms")),
    "ts_us": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5, 6), datetime.datetime(1960, 1, 1, 0, 0, 0, 1), None, datetime.datetime(2000, 1, 1)], pa.timestamp("us")),
    "ts_ns": pa.array([1_700_000_000_123_456_789, -1, None, 0], pa.timestamp("ns")),
    "ts_tz": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5), None, None, datetime.datetime(1999, 12, 31, 23, 59, 59)], pa.timestamp("us", tz="UTC")),
    "dec9": pa.array([decimal.Decimal("1234567.89"), decimal.Decimal("-0.01"), None, decimal.Decimal("0")], pa.decimal128(9, 2)),
    "dec18": pa.array([decimal.Decimal("12345678901234.5678"), decimal.Decimal("-1.5"), None, decimal.Decimal("0.0001")], pa.decimal128(18, 4)),
    "dec38": pa.array([decimal.Decimal("1234567890123456789012345678.0123456789"), decimal.Decimal("-0.5"), None, decimal.Decimal("-99999999999999999999.9999999999")], pa.decimal128(38, 10)),
    "fixed": pa.array([b"abcd", b"\x00\x00\x00\x00", None, b"wxyz"], pa.binary(4)),
    "u": pa.array([uuid.UUID("12345678-1234-5678-1234-567812345678").bytes, uuid.UUID(int=0).bytes, None, uuid.UUID(int=2**128 - 1).bytes], pa.uuid()),
    "j": pa.array(['{"a":1}', "[1,2]", None, '"x"'], pa.json_(pa.utf8())),
})

NESTED = pa.table({
    "id": pa.array([1, 2, 3, 4, 5], pa.int32()),
    "li": pa.array([[1, 2], [], None, [None, 4], [5]], pa.list_(pa.int64())),
    "ls": pa.array([["a"], ["b", None, "c"], [], None, ["d\n"]], pa.list_(pa.string())),
    "st": pa.array([{"a": 1, "b": "x"}, {"a": None, "b": "y"}, None, {"a": 4, "b": None}, {"a": 5, "b": "z"}],
                   pa.struct([("a", pa.int32()), ("b", pa.string())])),
    "m": pa.array([[("k", 1), ("l", 2)], [], None, [("z", None)], [("a", 5)]], pa.map_(pa.string(), pa.int32())),
    "lst": pa.array([[{"x": 1, "y": [1]}], [{"x": None, "y": []}], None, [], [{"x": 3, "y": None}, {"x": 4, "y": [4, 5]}]],
                    pa.list_(pa.struct([("x", pa.int16()), ("y", pa.list_(pa.int32()))]))),
    "ll": pa.array([[[1], [2, 3]], [[]], None, [None, [4]], []], pa.list_(pa.list_(pa.int32()))),
    "sd": pa.array([{"d": datetime.date(2020, 1, 1), "f": 1.5}, None, {"d": None, "f": None}, {"d": datetime.date(2021, 6, 1), "f": 0.1}, {"d": datetime.date(1970, 1, 1), "f": -2.0}],
                   pa.struct([("d", pa.date32()), ("f", pa.float64())])),
})


def many(n):
    """A larger table: several pages, dictionary fallbacks, every encoding's edge cases."""
    return pa.table({
        "id": pa.array(range(n), pa.int64()),
        "small": pa.array([(i * 7919) % 1000 - 500 for i in range(n)], pa.int32()),
        "s": pa.array(["prefix-%05d-%s" % (i, "x" * (i % 13)) if i % 11 else None for i in range(n)]),
        "f": pa.array([i / 7 if i % 5 else None for i in range(n)], pa.float64()),
        "g": pa.array([float(i) * 0.5 for i in range(n)], pa.float32()),
        "b": pa.array([i % 3 == 0 for i in range(n)]),
        "fx": pa.array([("%08d" % i).encode() for i in range(n)], pa.binary(8)),
    })


FILES = []


def write(name, table, **options):
    pq.write_table(table, path(name), **options)
    FILES.append(name)


def main():
    for name in os.listdir(HERE):
        if name.endswith(".parquet"):
            os.remove(path(name))
    for codec in ["none", "snappy", "gzip", "zstd", "lz4", "brotli"]:
        write("flat_%s.parquet" % codec, FLAT, compression=codec)
    write("flat_v2.parquet", FLAT, data_page_version="2.0", compression="snappy")
    write("flat_plain.parquet", FLAT, use_dictionary=False, compression="none")
    write("nested.parquet", NESTED)
    write("nested_v2.parquet", NESTED, data_page_version="2.0", compression="zstd")
    write("int96.parquet", pa.table({"ts": pa.array([datetime.datetime(2024, 1, 2, 3, 4, 5, 6), None, datetime.datetime(1900, 1, 1)], pa.timestamp("us"))}),
          use_deprecated_int96_timestamps=True)
    table = many(5000)
    write("many_dict.parquet", table, data_page_size=1024, row_group_size=2000, compression="snappy")
    write("many_dict_v2.parquet", table, data_page_size=1024, row_group_size=2000, data_page_version="2.0", compression="gzip")
    write("many_delta.parquet", table, use_dictionary=False, data_page_size=2048, compression="zstd",
          column_encoding={"id": "DELTA_BINARY_PACKED", "small": "DELTA_BINARY_PACKED", "s": "DELTA_BYTE_ARRAY",
                           "f": "BYTE_STREAM_SPLIT", "g": "BYTE_STREAM_SPLIT", "b": "RLE", "fx": "DELTA_BYTE_ARRAY"})
    write("many_delta_v2.parquet", table, use_dictionary=False, data_page_size=2048, data_page_version="2.0",
          column_encoding={"id": "DELTA_BINARY_PACKED", "small": "BYTE_STREAM_SPLIT", "s": "DELTA_LENGTH_BYTE_ARRAY",
                           "f": "PLAIN", "g": "PLAIN", "b": "PLAIN", "fx": "PLAIN"})
    write("many_plain_lz4.parquet", table, use_dictionary=False, compression="lz4", write_statistics=False)
    # DuckDB's own files.
    con = duckdb.connect()
    con.sql("copy (select range as id, 'name' || (range % 17) as s, range * 0.5 as v, (range % 3 = 0) as flag, "
            "date '2020-01-01' + (range % 400)::int as d, [range, range + 1] as l, {'k': range % 5, 't': 'x'} as st, "
            "case when range % 4 = 0 then null else range end as maybe, (range / 8.0)::decimal(10, 3) as dec "
            "from range(3000)) to '" + path("duckdb.parquet") + "' (format parquet, row_group_size 1000)")
    FILES.append("duckdb.parquet")
    con.sql("copy (select range as id, range::double * 2 as v from range(3000)) to '%s' (format parquet, compression zstd, row_group_size 500)".replace("%s", path("duckdb_zstd.parquet")))
    FILES.append("duckdb_zstd.parquet")
    con.sql("copy (select i, map {'a': i, 'b': i + 1} as m, uuid() is not null as u from range(3) t(i)) to '%s' (format parquet)".replace("%s", path("duckdb_map.parquet")))
    FILES.append("duckdb_map.parquet")

    answers = []
    # Every row of the small files; every 97th row of the larger ones (their "every" field).
    for name in sorted(FILES):
        every = 97 if name.startswith("many_") or name == "duckdb.parquet" else 1
        where = " where id %% %d = 0" % every if every > 1 else ""
        star = "* replace (ts_ns::varchar as ts_ns)" if name.startswith("flat_") else "*"
        rows = [[render(v) for v in row] for row in con.sql("select %s from '%s'%s" % (star, path(name), where)).fetchall()]
        answers.append({"file": name, "sql": "select * from '%s'%s" % (name, where), "every": every, "rows": rows})
    # Queries through SQL: aggregates, filters the statistics can answer.
    for name, sql in [
        ("many_dict.parquet", "select count(*), sum(small), min(s), max(s), count(f) from '%s'"),
        ("many_dict.parquet", "select id, s from '%s' where id between 2500 and 2503"),
        ("many_delta.parquet", "select count(*) from '%s' where small = 13"),
        ("duckdb.parquet", "select count(*), sum(v), sum(maybe) from '%s' where id >= 1500"),
        ("duckdb.parquet", "select id, s from '%s' where s = 'name3' and id < 60"),
        ("duckdb_zstd.parquet", "select count(*), sum(v) from '%s' where id < 10 or id > 2990"),
    ]:
        rows = [[render(v) for v in row] for row in con.sql(sql.replace("%s", path(name))).fetchall()]
        answers.append({"file": name, "sql": sql.replace("%s", name), "every": 0, "rows": rows})
    with open(path("answers.json"), "w") as out:
        json.dump(answers, out, indent=1, ensure_ascii=False)
        out.write("\n")


if __name__ == "__main__":
    main()
