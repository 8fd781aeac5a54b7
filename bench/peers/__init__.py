"""Other engines our AI plays against: OpenSpiel's MCTS and GNU Backgammon.

:mod:`~bench.peers.openspiel_map` names OpenSpiel's actions in our notation,
:mod:`~bench.peers.openspiel_mcts` plays games against OpenSpiel's MCTS bot,
:mod:`~bench.peers.gnubg` drives GNU Backgammon in its own process,
:mod:`~bench.peers.gnubg_games` plays backgammon games against it and
:mod:`~bench.peers.gnubg_fit` fits our backgammon evaluator to its judgement.
"""
