package io.stepcast.ml.learn;

import com.google.protobuf.InvalidProtocolBufferException;
import org.tribuo.Model;
import org.tribuo.protos.core.ModelProto;
import org.tribuo.regression.Regressor;

import java.util.Objects;

/**
 * A Tribuo regression model and its protobuf form, each produced from the other on first use and then
 * kept. A 2000-tree forest takes seconds to serialise or deserialise (every member carries its own
 * provenance), and a reloaded tree model predicts from {@link CompiledTrees} without needing the
 * Tribuo object at all; so neither conversion happens before it is needed. Thread-safe.
 */
public final class TribuoModelHandle {
    private Model<Regressor> model;
    private byte[] proto;

    private TribuoModelHandle(Model<Regressor> model, byte[] proto) {
        this.model = model;
        this.proto = proto;
    }

    /** A handle on a trained model. */
    public static TribuoModelHandle of(Model<Regressor> model) {
        return new TribuoModelHandle(Objects.requireNonNull(model, "model"), null);
    }

    /** A handle on the protobuf bytes of a saved model (checked when first deserialised). */
    public static TribuoModelHandle ofProtobuf(byte[] proto) {
        return new TribuoModelHandle(null, Objects.requireNonNull(proto, "proto").clone());
    }

    /**
     * The Tribuo model.
     *
     * @throws IllegalStateException when saved bytes do not hold a Tribuo regression model
     */
    public synchronized Model<Regressor> model() {
        if (model == null) {
            Model<?> m;
            try {
                m = Model.deserialize(ModelProto.parseFrom(proto));
            } catch (InvalidProtocolBufferException | RuntimeException e) {
                throw new IllegalStateException("stored Tribuo model cannot be read: " + e.getMessage(), e);
            }
            if (!m.validate(Regressor.class)) {
                throw new IllegalStateException("stored Tribuo model is not a regression model");
            }
            @SuppressWarnings("unchecked")
            Model<Regressor> regression = (Model<Regressor>) m;
            model = regression;
        }
        return model;
    }

    /** The model's protobuf bytes ({@link Model#serialize()}), a copy. */
    public synchronized byte[] protobuf() {
        if (proto == null) {
            proto = model.serialize().toByteArray();
        }
        return proto.clone();
    }
}
