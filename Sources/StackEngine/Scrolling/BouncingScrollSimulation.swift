/// Friction that bounces at the content edges, after Flutter's iOS `BouncingScrollSimulation`.
///
/// Inside `minOffset...maxOffset` the offset coasts with `FrictionSimulation`; if the projected resting point
/// lies past an edge, the motion hands over to a spring anchored at that edge at the moment it crosses, with the
/// velocity it has there (capped at `maxSpringVelocity`). Started overscrolled it springs back to the edge; if a
/// critically damped spring-back would cross the edge (thrown inwards), it hands back to friction at the crossing.
/// A critically damped spring-back started at the edge, or moving outwards, never crosses the edge.
///
/// Positions in points, velocities in points per second, time in seconds since the start.
public struct BouncingScrollSimulation: ScrollSimulation {
    private enum Phase: Sendable {
        case friction(FrictionSimulation)
        case spring(SpringSimulation)

        var simulation: any ScrollSimulation {
            switch self {
            case .friction(let f): return f
            case .spring(let s): return s
            }
        }
    }

    /// Phases in order, each with its start time in seconds.
    private let phases: [(start: Double, phase: Phase)]

    public init(position: Double, velocity: Double, minOffset: Double, maxOffset: Double,
                rate: DecelerationRate = .normal, spring: SpringSimulation.Parameters = .criticallyDamped,
                maxSpringVelocity: Double = 5000) {
        let lower = min(minOffset, maxOffset), upper = max(minOffset, maxOffset)
        var list: [(start: Double, phase: Phase)] = []
        var t = 0.0, x = position, v = velocity
        func capped(_ v: Double) -> Double { max(-maxSpringVelocity, min(maxSpringVelocity, v)) }
        for _ in 0..<4 {
            if x > upper || x < lower {
                let edge = x > upper ? upper : lower
                let s = SpringSimulation(parameters: spring, from: x, velocity: capped(v), to: edge)
                list.append((t, .spring(s)))
                guard let tc = s.criticalCrossingTime else { break }
                // Thrown inwards hard enough to cross the edge: continue inside with friction.
                t += tc; x = edge; v = s.velocity(at: tc)
                continue
            }
            let f = FrictionSimulation(position: x, velocity: v, rate: rate)
            let rest = f.restingPosition
            let edge: Double? = rest > upper ? upper : (rest < lower ? lower : nil)
            list.append((t, .friction(f)))
            guard let edge, let tc = f.time(toReach: edge) else { break }
            let s = SpringSimulation(parameters: spring, from: edge, velocity: capped(f.velocity(at: tc)), to: edge)
            list.append((t + tc, .spring(s)))
            break
        }
        phases = list
    }

    private func phase(at t: Double) -> (start: Double, simulation: any ScrollSimulation) {
        var chosen = phases[0]
        for p in phases where p.start <= t { chosen = p }
        return (chosen.start, chosen.phase.simulation)
    }

    public func position(at t: Double) -> Double {
        let p = phase(at: t)
        return p.simulation.position(at: t - p.start)
    }

    public func velocity(at t: Double) -> Double {
        let p = phase(at: t)
        return p.simulation.velocity(at: t - p.start)
    }

    public func isDone(at t: Double) -> Bool {
        guard let last = phases.last, t >= last.start else { return false }
        return last.phase.simulation.isDone(at: t - last.start)
    }

    public var finalPosition: Double { phases.last!.phase.simulation.finalPosition }

    /// The time, in seconds, at which the motion hands over to a spring at an edge; `nil` if it never does.
    public var edgeHandoverTime: Double? {
        for (i, p) in phases.enumerated() where i > 0 { if case .spring = p.phase { return p.start } }
        return nil
    }
}
