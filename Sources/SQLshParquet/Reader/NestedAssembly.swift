/// Rebuilds one row of a nested field (lists, maps, structs) from its leaves' repetition and
/// definition levels, as a tree of slots, then writes it as JSON text.
final class Slot {
    enum State {
        case unset
        case null
        /// A leaf value: the leaf's number (in the field's leaves) and the value's index.
        case value(leaf: Int, index: Int)
        case group([Slot])
        case list([Slot])
    }
    var state: State = .unset

    func group(_ count: Int) -> [Slot] {
        if case .group(let children) = state { return children }
        let children = (0..<count).map { _ in Slot() }
        state = .group(children)
        return children
    }
}

/// The assembly of one top-level nested field.
struct NestedField {
    let field: SchemaNode
    /// Each leaf's path of nodes from the field down to it, and each step's child index.
    let paths: [[(node: SchemaNode, child: Int)]]
    let kinds: [LeafKind]

    init(field: SchemaNode) {
        self.field = field
        var paths: [[(SchemaNode, Int)]] = []
        func walk(_ node: SchemaNode, _ path: [(SchemaNode, Int)]) {
            if node.isLeaf { paths.append(path + [(node, -1)]); return }
            for (i, child) in node.children.enumerated() { walk(child, path + [(node, i)]) }
        }
        walk(field, [])
        self.paths = paths
        kinds = field.leaves.map { LeafKind($0.element) }
    }

    /// Adds one leaf's entries of the row (`levels` range of its chunk, its first value's
    /// index) to the tree under `root`.
    func add(leaf: Int, column: DecodedColumn, levels: Range<Int>, firstValue: Int, to root: Slot) throws {
        let path = paths[leaf]
        var indexes = [Int](repeating: -1, count: path.count)
        var valueIndex = firstValue
        let maxDefinition = path[path.count - 1].node.definitionLevel
        for entry in levels {
            let r = column.repetitionLevels.isEmpty ? 0 : Int(column.repetitionLevels[entry])
            let d = column.definitionLevels.isEmpty ? maxDefinition : Int(column.definitionLevels[entry])
            var slot = root
            step: for (i, (node, child)) in path.enumerated() {
                switch node.repetition {
                case .repeated:
                    if case .list = slot.state {} else if case .unset = slot.state { slot.state = .list([]) } else {
                        throw ParquetError("levels that disagree with the schema (at \(node.path.joined(separator: ".")))")
                    }
                    guard case .list(var items) = slot.state else { break step }
                    if d < node.definitionLevel { break step }  // an empty list
                    let level = node.repetitionLevel
                    if level > r { indexes[i] = 0 } else if level == r { indexes[i] += 1 }
                    guard indexes[i] >= 0, indexes[i] <= items.count else {
                        throw ParquetError("levels that disagree with the schema (at \(node.path.joined(separator: ".")))")
                    }
                    if indexes[i] == items.count {
                        slot.state = .unset
                        items.append(Slot())
                        slot.state = .list(items)
                    }
                    slot = items[indexes[i]]
                case .optional:
                    if d < node.definitionLevel {
                        if case .unset = slot.state { slot.state = .null }
                        break step
                    }
                default:
                    break
                }
                if node.isLeaf {
                    guard d == maxDefinition else { break step }
                    slot.state = .value(leaf: leaf, index: valueIndex)
                    valueIndex += 1
                } else {
                    let children = slot.group(node.children.count)
                    slot = children[child]
                }
            }
        }
    }

    /// Writes the tree as JSON text (nil for a null field).
    func json(_ root: Slot, columns: [DecodedColumn], limit: Int) throws -> [UInt8]? {
        if case .null = root.state { return nil }
        if case .unset = root.state { return nil }
        var out: [UInt8] = []
        try write(root, field, asElement: false, columns, &out, limit)
        return out
    }

    private func write(_ slot: Slot, _ node: SchemaNode, asElement: Bool, _ columns: [DecodedColumn], _ out: inout [UInt8], _ limit: Int) throws {
        guard out.count <= limit else { throw ParquetError("a nested value longer than the length limit (\(limit))") }
        if node.repetition == .repeated && !asElement {
            out.append(UInt8(ascii: "["))
            if case .list(let items) = slot.state {
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    try write(item, node, asElement: true, columns, &out, limit)
                }
            }
            out.append(UInt8(ascii: "]"))
            return
        }
        switch slot.state {
        case .unset, .null, .list:
            out += "null".utf8
        case .value(let leaf, let index):
            JSONText.leaf(columns[leaf].values, index, kind: kinds[leaf], into: &out)
        case .group(let children):
            let element = node.element
            let isList = element.logicalType == .list || element.convertedType == .list
            let isMap = element.logicalType == .map || element.convertedType == .map || element.convertedType == .mapKeyValue
            if isList, node.children.count == 1, node.children[0].repetition == .repeated {
                let repeated = node.children[0]
                let threeLevel = !repeated.isLeaf && repeated.children.count == 1 && repeated.name != "array"
                    && repeated.name != node.name + "_tuple"
                out.append(UInt8(ascii: "["))
                if case .list(let items) = children[0].state {
                    for (i, item) in items.enumerated() {
                        if i > 0 { out.append(UInt8(ascii: ",")) }
                        if threeLevel {
                            let inner = item.group(1)
                            try write(inner[0], repeated.children[0], asElement: false, columns, &out, limit)
                        } else {
                            try write(item, repeated, asElement: true, columns, &out, limit)
                        }
                    }
                }
                out.append(UInt8(ascii: "]"))
            } else if isMap, node.children.count == 1, node.children[0].repetition == .repeated, !node.children[0].isLeaf,
                      node.children[0].children.count >= 1 {
                let pair = node.children[0]
                out.append(UInt8(ascii: "{"))
                if case .list(let items) = children[0].state {
                    for (i, item) in items.enumerated() {
                        if i > 0 { out.append(UInt8(ascii: ",")) }
                        let parts = item.group(pair.children.count)
                        // The key as a JSON string.
                        var key: [UInt8] = []
                        try write(parts[0], pair.children[0], asElement: false, columns, &key, limit)
                        if key.first == UInt8(ascii: "\"") { out += key } else { JSONText.string(key, into: &out) }
                        out.append(UInt8(ascii: ":"))
                        if pair.children.count > 1 {
                            try write(parts[1], pair.children[1], asElement: false, columns, &out, limit)
                        } else {
                            out += "null".utf8
                        }
                    }
                }
                out.append(UInt8(ascii: "}"))
            } else {
                out.append(UInt8(ascii: "{"))
                for (i, child) in node.children.enumerated() {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    JSONText.string(Array(child.name.utf8), into: &out)
                    out.append(UInt8(ascii: ":"))
                    try write(children[i], child, asElement: false, columns, &out, limit)
                }
                out.append(UInt8(ascii: "}"))
            }
        }
    }
}
