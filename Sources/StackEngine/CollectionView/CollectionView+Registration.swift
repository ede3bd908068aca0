extension CollectionView {
    /// Registers a cell renderer type under `identifier`.
    public func register(_ type: ReusableView.Type, forCellWithReuseIdentifier identifier: String) {
        cellRegistrations[identifier] = .type(type)
    }

    /// Registers a cell template (the nib counterpart) under `identifier`: cells dequeued for it are
    /// `TemplateCellView`s carrying `template`.
    public func register(template: CellTemplate, forCellWithReuseIdentifier identifier: String) {
        cellRegistrations[identifier] = .template(template)
        // Renderers pooled for an earlier registration under this identifier carry the old look.
        pool[Self.cellPoolKey(identifier)] = nil
    }

    /// Registers a supplementary renderer type for `kind` under `identifier`.
    public func register(_ type: ReusableView.Type, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        supplementaryRegistrations[Self.supplementaryPoolKey(kind, identifier)] = type
    }

    static func cellPoolKey(_ id: String) -> String { "cell|" + id }
    static func supplementaryPoolKey(_ kind: String, _ id: String) -> String { "sup|" + kind + "|" + id }
    static func decorationPoolKey(_ kind: String) -> String { "dec|" + kind }
}
