"""bgkit's games in the research ecosystem: :mod:`bgkit.interop.openspiel` (OpenSpiel games, extra
``bgkit[openspiel]``), :mod:`bgkit.interop.pettingzoo` (PettingZoo environments, extra
``bgkit[pettingzoo]``) and OpenSpiel's bots as bgkit seats (:mod:`bgkit.interop.bots`). What they
share is :mod:`bgkit.interop.session`. Nothing here is imported unless asked for."""
