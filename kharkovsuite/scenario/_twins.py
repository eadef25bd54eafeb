"""The pydantic twins of the format's plain classes (:mod:`.model`): the validators.

A twin is made on first use from its plain class's fields (names, types, defaults, constraints),
with the models' configuration: unknown keys forbidden, numbers finite.  Its fields' types name
the twins of the plain classes they name, so one twin validates a whole tree, and its name and
docstring are the plain class's, so errors and the JSON schema read as before.  Only this module
of the format imports pydantic; a scenario read back from the disk cache never reaches it.
"""
from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union

from pydantic import BaseModel, ConfigDict, create_model
from pydantic import Field as PydanticField

from .model import Model

_twins: dict[type, type[BaseModel]] = {}
_plain_of: dict[type, type] = {}


class TwinModel(BaseModel):
    """Base of the twins: unknown keys are errors, numbers are finite (no .inf or .nan).
    Validators are built when first used, not when a twin is made."""

    model_config = ConfigDict(extra="forbid", frozen=False, validate_assignment=False, allow_inf_nan=False, defer_build=True)


def twin(cls: type) -> type[BaseModel]:
    """The pydantic model of the plain format class ``cls``."""
    made = _twins.get(cls)
    if made is not None:
        return made
    hints = typing.get_type_hints(cls)
    fields: dict[str, Any] = {}
    for name, spec in cls.model_fields.items():
        options = dict(spec.constraints)
        if spec.default_factory is not None:  # a plain class's twin makes its default (so a dump leaves it out)
            options["default_factory"] = _twin_type(spec.default_factory)
        elif not spec.is_required():
            options["default"] = spec.default
        fields[name] = (_twin_type(hints[name]), PydanticField(**options))
    made = create_model(cls.__name__, __base__=TwinModel, __module__=cls.__module__, __doc__=cls.__doc__,
                        __qualname__=cls.__qualname__, **fields)
    _twins[cls] = made
    _plain_of[made] = cls
    return made


def _twin_type(annotation: Any) -> Any:
    """``annotation`` with every plain format class in it replaced by its twin."""
    if isinstance(annotation, type) and issubclass(annotation, Model):
        return twin(annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is None or origin is Literal or not args:
        return annotation
    new = tuple(_twin_type(a) for a in args)
    if new == args:
        return annotation
    if origin in (Union, types.UnionType):
        return Union[new]
    return origin[new]


def _through_containers(value: Any, convert) -> Any:
    """``value`` with ``convert`` applied to each item of a list, tuple or dict value (copied); else itself."""
    kind = type(value)
    if kind is list:
        return [convert(v) for v in value]
    if kind is dict:
        return {k: convert(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(convert(v) for v in value)
    return value


def from_twin(value: Any) -> Any:
    """Objects of the plain classes in place of the twins' (containers copied, the rest shared)."""
    if isinstance(value, BaseModel):
        plain = object.__new__(_plain_of[type(value)])
        plain.__dict__.update({k: from_twin(v) for k, v in value.__dict__.items()})
        return plain
    return _through_containers(value, from_twin)


def to_data(value: Any) -> Any:
    """Plain data for a twin to validate: objects of the plain classes as dicts of their fields."""
    if isinstance(value, Model):
        return {k: to_data(v) for k, v in value.__dict__.items()}
    return _through_containers(value, to_data)


def to_twin(value: Any) -> Any:
    """Objects of the twins in place of the plain classes', unchecked (for the twins' ``model_dump``)."""
    if isinstance(value, Model):
        return twin(type(value)).model_construct(**{k: to_twin(v) for k, v in value.__dict__.items()})
    return _through_containers(value, to_twin)
