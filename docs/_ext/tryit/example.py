import hanoi_magnet as hm
from hanoi_magnet.search import distance

# The free magnetic puzzle (neutral posts S, I, D) with four disks: red up to blue up.
solution = hm.solve("NNN", 4)
print(solution.length, "moves; how often each disk moves:", list(solution.per_disk))

# The position after any number of moves, computed in O(n) steps (never replayed).
print("after 10 moves:", solution.unrank(10))

# The exact distance from any position to the goal (also O(n) on three posts).
here = hm.State.parse("SSII/rrbb")
rules = solution.variant.rules
print(distance(rules, here, solution.goal), "moves from", here, "to the goal")
