package io.stepcast.queueing.simulation;

/** Receives the synthetic execution of a run, for example to export it as a Chrome trace. */
public interface TraceSink {

    /** A compute op of {@code worker} ran on {@code stream} from {@code startS} to {@code endS}. */
    void compute(int worker, int stream, String op, double startS, double endS);

    /** A transfer occupied {@code link} (named by {@code linkName}) from {@code startS} to {@code endS}. */
    void transfer(int link, String linkName, String what, double startS, double endS);
}
