"""Exchanging in a city: "exchange CITY" sends a worker there, then one trade at a time (each at
most once), each resource or card it asks for picked one by one, then "done" (or "go" to the
other city, another worker)."""

from __future__ import annotations

from bgkit_bretagne.codes import (
    B_BUY_RES, B_ENGINEER, B_PAIR, B_SELL_RES, DONE, F_EXCHANGE, F_PICK, GO, L_BUY_EQ, L_BUY_RES, L_CARD_RES,
    L_SELL_EQ, L_WORKER, M_CARD_RES, M_MARKET, M_SELL_CARD, M_SELL_RES, M_SUPPLY, PICK, TRADE, TRADE_CITY,
)


class ExchangeMixin:
    """The trades of Lorient and Brest (composed into the state)."""

    def _start_exchange(self, p: int, city: int) -> None:
        """A worker goes to ``city``; its trades are then chosen one at a time."""
        self.work[p] -= 1
        self.city[p] += 1
        self.pending.push(F_EXCHANGE, city, 0, 1 << city)

    def _city_open(self, p: int, city: int) -> bool:
        """Whether at least one trade of ``city`` can be made (what an exchange there needs); the
        same conditions as :meth:`_trade_ok`, cheapest first."""
        trades = self.comp.trades
        francs, cards = self.francs[p], len(self.hands[p])
        if city == 1:
            return ((francs >= trades[B_ENGINEER].pay and self.singles > 0)
                    or (francs >= trades[B_PAIR].pay and self.pairs > 0)
                    or sum(self.res[p]) >= trades[B_SELL_RES].pay
                    or (francs >= trades[B_BUY_RES].pay and sum(self.market) >= trades[B_BUY_RES].get))
        if cards >= trades[L_SELL_EQ].pay:
            return True
        if francs >= trades[L_WORKER].pay and self.reserve[p] > 0:
            return True
        if francs >= trades[L_BUY_EQ].pay and (self.deck or self.discard):
            return True
        supply = sum(self.sup_res)
        return ((francs >= trades[L_BUY_RES].pay and supply >= trades[L_BUY_RES].get)
                or (cards >= trades[L_CARD_RES].pay and supply >= trades[L_CARD_RES].get))

    def _trade_ok(self, p: int, item: int) -> bool:
        trade = self.comp.trades[item]
        if item in (L_BUY_RES, L_WORKER, B_ENGINEER, B_BUY_RES, B_PAIR, L_BUY_EQ) and self.francs[p] < trade.pay:
            return False
        if item == L_BUY_RES:
            return sum(self.sup_res) >= trade.get
        if item == L_BUY_EQ:
            return bool(self.deck) or bool(self.discard)
        if item == L_SELL_EQ:
            return len(self.hands[p]) >= trade.pay
        if item == L_WORKER:
            return self.reserve[p] > 0
        if item == L_CARD_RES:
            return len(self.hands[p]) >= trade.pay and sum(self.sup_res) >= trade.get
        if item == B_ENGINEER:
            return self.singles > 0
        if item == B_BUY_RES:
            return sum(self.market) >= trade.get
        if item == B_SELL_RES:
            return sum(self.res[p]) >= trade.pay
        return self.pairs > 0

    def _exchange_steps(self, frame: tuple) -> list:
        p = self.actor
        _, city, used, visited = frame
        out = [(TRADE, item) for item in range(9)
               if TRADE_CITY[item] == city and not used >> item & 1 and self._trade_ok(p, item)]
        other = 1 - city
        if not visited >> other & 1 and self.work[p] >= 1:
            out.append((GO, other))
        out.append((DONE,))
        return out

    def _apply_exchange(self, frame: tuple, action: tuple) -> None:
        p, code = self.actor, action[0]
        if code == TRADE:
            self._trade(p, action[1])
        elif code == GO:
            _, city, used, visited = self.pending.pop()
            self.work[p] -= 1
            self.city[p] += 1
            self.pending.push(F_EXCHANGE, action[1], used, visited | 1 << action[1])
        else:
            self.pending.pop()
            self._end_action()

    def _trade(self, p: int, item: int) -> None:
        _, city, used, visited = self.pending.pop()
        self.pending.push(F_EXCHANGE, city, used | 1 << item, visited)
        trade = self.comp.trades[item]
        if item == L_BUY_RES:
            self._pay_francs(p, trade.pay)
            self.pending.push(F_PICK, M_SUPPLY, item, trade.get)
        elif item == L_BUY_EQ:
            self._pay_francs(p, trade.pay)
            self._gain(p, "equipment", trade.get)
        elif item == L_SELL_EQ:
            self.pending.push(F_PICK, M_SELL_CARD, item, trade.pay)
        elif item == L_WORKER:
            self._pay_francs(p, trade.pay)
            self._gain(p, "workers", trade.get)
        elif item == L_CARD_RES:
            self.pending.push(F_PICK, M_CARD_RES, item, trade.pay)
        elif item == B_ENGINEER:
            self._pay_francs(p, trade.pay)
            self.singles -= 1
            self.eng[p] += 1
        elif item == B_BUY_RES:
            self._pay_francs(p, trade.pay)
            self.pending.push(F_PICK, M_MARKET, item, trade.get)
        elif item == B_SELL_RES:
            self.pending.push(F_PICK, M_SELL_RES, item, trade.pay)
        else:
            self._pay_francs(p, trade.pay)
            self.pairs -= 1
            self.eng[p] += 2

    def _pick_steps(self, frame: tuple) -> list:
        mode = frame[1]
        if mode == M_SUPPLY:
            return [(PICK, r) for r, q in enumerate(self.sup_res) if q]
        if mode == M_MARKET:
            return [(PICK, r) for r, q in enumerate(self.market) if q]
        if mode == M_SELL_RES:
            return [(PICK, r) for r, q in enumerate(self.res[self.actor]) if q]
        return [(PICK, k) for k, c in enumerate(self.hands[self.actor].counts) if c]

    def _apply_pick(self, frame: tuple, action: tuple) -> None:
        self._pick(self.actor, action[1])

    def _pick(self, p: int, value: int) -> None:
        _, mode, item, left = self.pending.pop()
        trade = self.comp.trades[item]
        if mode == M_SUPPLY:
            self.sup_res[value] -= 1
            self.res[p][value] += 1
        elif mode == M_MARKET:
            self.market[value] -= 1
            self.res[p][value] += 1
        elif mode == M_SELL_RES:
            self.res[p][value] -= 1
            self.sup_res[value] += 1
        else:
            self.hands[p].draw(value)
            self.discard.put(value)
        left -= 1
        if left and self._pick_possible(p, mode):
            self.pending.push(F_PICK, mode, item, left)
            return
        if mode == M_SELL_CARD:
            self._gain_francs(p, trade.get)
        elif mode == M_SELL_RES:
            self._gain_francs(p, trade.get)
        elif mode == M_CARD_RES:
            self._gain_francs(p, trade.francs)
            self.pending.push(F_PICK, M_SUPPLY, item, trade.get)

    def _pick_possible(self, p: int, mode: int) -> bool:
        if mode == M_SUPPLY:
            return any(self.sup_res)
        if mode == M_MARKET:
            return any(self.market)
        if mode == M_SELL_RES:
            return any(self.res[p])
        return bool(self.hands[p])


#: The frames of this topic: their steps and their effect (the core runner dispatches on them).
FRAME_RULES = {
    F_EXCHANGE: (ExchangeMixin._exchange_steps, ExchangeMixin._apply_exchange),
    F_PICK: (ExchangeMixin._pick_steps, ExchangeMixin._apply_pick),
}
