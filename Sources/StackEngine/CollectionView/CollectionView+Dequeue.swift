extension CollectionView {
    /// A cell renderer for `indexPath`: a recycled one (its `prepareForReuse()` already called) or a new one.
    /// Dequeuing an identifier that was never registered is a programmer error.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> ReusableView {
        guard let registration = cellRegistrations[identifier] else {
            preconditionFailure("dequeueReusableCell: no cell class or template registered for reuse identifier \"\(identifier)\"; call register(_:forCellWithReuseIdentifier:) or register(template:forCellWithReuseIdentifier:) first")
        }
        let view = takeFromPool(Self.cellPoolKey(identifier)) ?? {
            switch registration {
            case .type(let type):
                return makeRenderer(type, identifier: identifier)
            case .template(let template):
                let cell = makeRenderer(TemplateCellView.self, identifier: identifier) as! TemplateCellView
                cell.template = template
                return cell
            }
        }()
        view.dequeuedIndexPath = indexPath
        return view
    }

    /// A supplementary renderer of `kind` for `indexPath`, recycled or new. Dequeuing an unregistered
    /// kind/identifier pair is a programmer error.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> ReusableView {
        let key = Self.supplementaryPoolKey(kind, identifier)
        guard let type = supplementaryRegistrations[key] else {
            preconditionFailure("dequeueReusableSupplementaryView: no class registered for kind \"\(kind)\" with reuse identifier \"\(identifier)\"; call register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
        }
        let view = takeFromPool(key) ?? makeRenderer(type, identifier: identifier)
        view.dequeuedIndexPath = indexPath
        return view
    }

    func dequeueDecoration(ofKind kind: String, at indexPath: IndexPath) -> ReusableView {
        guard let type = collectionViewLayout.decorationRegistrations[kind] else {
            preconditionFailure("the layout returned a decoration view of kind \"\(kind)\" that was never registered with layout.registerDecoration(_:forKind:)")
        }
        let view = takeFromPool(Self.decorationPoolKey(kind)) ?? makeRenderer(type, identifier: kind)
        view.dequeuedIndexPath = indexPath
        return view
    }

    func makeRenderer(_ type: ReusableView.Type, identifier: String) -> ReusableView {
        let view = type.init()
        view.reuseIdentifier = identifier
        renderersCreated += 1
        return view
    }

    func takeFromPool(_ key: String) -> ReusableView? {
        guard let view = pool[key]?.popLast() else { return nil }
        view.itemIdentity = nil
        view.isSelected = false
        view.reuseCount += 1
        view.prepareForReuse()
        return view
    }

    func returnToPool(_ view: ReusableView, key: String) {
        view.didEnterReusePool()
        pool[key, default: []].append(view)
    }

    /// The pool key a renderer returns to, derived from its element and reuse identifier.
    func poolKey(for key: ElementKey, view: ReusableView) -> String {
        switch key.category {
        case .cell: return Self.cellPoolKey(view.reuseIdentifier)
        case .supplementary: return Self.supplementaryPoolKey(key.kind, view.reuseIdentifier)
        case .decoration: return Self.decorationPoolKey(key.kind)
        }
    }

    /// Renderers waiting in the reuse pool (diagnostics and tests).
    public var pooledRendererCount: Int { pool.values.reduce(0) { $0 + $1.count } }
}
