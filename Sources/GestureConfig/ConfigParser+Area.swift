import YAMLReader

/// Reading a region's `area:` and checking that it lies inside its window.
extension ConfigParser {
    /// The keys of `area`.
    static let areaKeys = ["x", "y", "width", "height"]

    /// The area of a region, or nil after reporting.
    ///
    /// Windows change size, so only what is wrong at every size is an error: a
    /// percentage above 100, an empty side, an origin at or past the far edge, or
    /// an origin and extent that add up past the far edge.
    func area(_ field: Field, region: String) -> RegionArea? {
        let errorCount = errors.count
        guard let fields = fields(of: field.value, in: "area", allowed: Self.areaKeys) else {
            return nil
        }
        var area = RegionArea()
        for entry in fields.entries {
            guard let length = quantity(entry, Quantity.length) else { continue }
            switch entry.key {
            case "x": area.x = length
            case "y": area.y = length
            case "width": area.width = length
            default: area.height = length
            }
            checkLength(length, entry, region: region)
        }
        guard errors.count == errorCount else { return nil }
        checkAxis(
            origin: area.x, extent: area.width, keys: ("x", "width"), edge: "right", at: field.value, region: region)
        checkAxis(
            origin: area.y, extent: area.height, keys: ("y", "height"), edge: "bottom", at: field.value, region: region)
        return errors.count == errorCount ? area : nil
    }

    /// One length on its own: at most 100%, and a width or height above zero.
    private func checkLength(_ length: Length, _ entry: Field, region: String) {
        let text = entry.value.scalar?.string ?? ""
        if case .percent(let value) = length, value > 100 {
            report(
                .regionOutsideWindow, at: entry.value,
                "'\(entry.key): \(text)' of region '\(region)' lies outside the window",
                found: text, suggestion: "percentages of the window run from 0 to 100%"
            )
        } else if entry.key == "width" || entry.key == "height", length.resolved(in: 1) <= 0 {
            report(
                .outOfRange, at: entry.value,
                "'\(entry.key)' of region '\(region)' must be more than 0, found '\(text)'",
                found: text, suggestion: "write a size such as 48 or 100%"
            )
        }
    }

    /// An origin and extent along one axis that cannot fit in any window.
    private func checkAxis(
        origin: Length, extent: Length, keys: (origin: String, extent: String), edge: String, at node: Node,
        region: String
    ) {
        let reachesPast: Bool
        switch (origin, extent) {
        case (.percent(let start), .percent(let size)): reachesPast = start + size > 100
        case (.percent(let start), .points): reachesPast = start >= 100
        case (.points(let start), .percent(let size)): reachesPast = start > 0 && size >= 100
        case (.points, .points): reachesPast = false
        }
        guard reachesPast else { return }
        report(
            .regionOutsideWindow, at: node,
            "region '\(region)' reaches past the window's \(edge) edge (\(keys.origin) \(origin) + \(keys.extent) \(extent))",
            found: "\(keys.origin): \(origin), \(keys.extent): \(extent)",
            suggestion:
                "make \(keys.origin) + \(keys.extent) fit in the window, such as '\(keys.origin): 0, \(keys.extent): 100%'"
        )
    }
}
