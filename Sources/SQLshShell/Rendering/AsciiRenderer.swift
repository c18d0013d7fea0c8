/// `ascii` mode: `list` with 0x1F between fields and 0x1E after records (the separators
/// `.mode ascii` sets; `.separator` can change them).
final class AsciiRenderer: ListRenderer {}
