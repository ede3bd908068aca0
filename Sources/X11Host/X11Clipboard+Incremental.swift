import CX11

extension X11Clipboard {
    /// Writes `bytes` as `type` (format 8) into the requestor's `property`: in one piece when it fits a request,
    /// else by INCR (ICCCM 2.7.2) — the property gets type INCR and the total size, and each time the requestor
    /// deletes it (`PropertyNotify`, state Deleted) the next piece is appended, ending with a zero-length piece.
    /// True when the answer was started (the caller then sends SelectionNotify).
    func write(_ bytes: [UInt8], type: Atom, to requestor: Window, property: Atom) -> Bool {
        if bytes.count <= chunkSize {
            X11ErrorHandlers.tolerating(display) { change(requestor, property, type, bytes[...], mode: PropModeReplace) }
            return true
        }
        let key = TransferKey(window: requestor, property: property)
        transfers[key] = Transfer(data: bytes, type: type, sent: 0)
        X11ErrorHandlers.tolerating(display) {
            // Property deletions (and the window's destruction) of the requestor's window come to us from now on.
            XSelectInput(display, requestor, PropertyChangeMask | StructureNotifyMask)
            var size = UInt(bytes.count)
            withUnsafeBytes(of: &size) { p in
                _ = XChangeProperty(display, requestor, property, incrAtom, 32, PropModeReplace,
                                    p.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        return true
    }

    /// The requestor took the last piece (deleted the property): appends the next one, or the empty one that ends
    /// the transfer.
    func continueTransfer(_ key: TransferKey) {
        guard var t = transfers[key] else { return }
        let end = min(t.data.count, t.sent + chunkSize)
        let piece = t.data[t.sent..<end]
        X11ErrorHandlers.tolerating(display) { change(key.window, key.property, t.type, piece, mode: PropModeAppend) }
        if piece.isEmpty {
            transfers[key] = nil
            // The requestor's events stop once none of its transfers is left.
            if !transfers.keys.contains(where: { $0.window == key.window }) {
                X11ErrorHandlers.tolerating(display) { _ = XSelectInput(display, key.window, NoEventMask) }
            }
        } else {
            t.sent = end
            transfers[key] = t
        }
    }

    private func change(_ window: Window, _ property: Atom, _ type: Atom, _ bytes: ArraySlice<UInt8>, mode: Int32) {
        bytes.withUnsafeBufferPointer { p in
            _ = XChangeProperty(display, window, property, type, 8, mode, p.baseAddress, Int32(p.count))
        }
    }
}
